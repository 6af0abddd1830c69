import { Loader, NavLink } from '@mantine/core';
import { useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useStartOfficeConsent } from '../api/start-office-consent';

/** The side menu's Office365 consent item: asks for the consent URL and goes to Microsoft. */
export function OfficeConsentLink({ label }: { label: string }) {
  const start = useStartOfficeConsent();
  const location = useLocation();
  return (
    <NavLink
      component="button"
      type="button"
      label={label}
      active={location.pathname === paths.officeConsent}
      disabled={start.isPending}
      rightSection={start.isPending ? <Loader size={14} aria-hidden /> : undefined}
      onClick={() =>
        start.mutate(undefined, {
          onError: (error) => {
            console.error(error);
            // Loaded on use: the shell's notifications stay out of the login page's download.
            void import('../lib/show-consent-failure').then(({ showConsentFailure }) =>
              showConsentFailure(label, error),
            );
          },
        })
      }
    />
  );
}
