import { useState } from 'react';
import { Anchor, Box, Button, Divider, Group, NavLink, Text } from '@mantine/core';
import { IconExternalLink, IconLogout } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Company, User } from '@paraaf/contract';
import { paths } from '../../config/paths';
import { clearDrafts } from '../../features/new-signing/lib/draft-store';
import { OfficeConsentLink } from '../../features/office-consent/components/office-consent-link';
import { clearSession, hasPermission, logout } from '../../lib/auth';
import { visibleMenu } from '../menu';

/** The logged-in user's menus; loaded by AppLayout only once someone is logged in. */
export { ImpersonationBar } from '../../features/admin/components/impersonation-bar';

export function TopMenu({ user, company }: { user: User; company: Company | undefined }) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const showCredits = company && company.current_payment_plan.price.type !== 'invoice';

  async function onLogout() {
    setLeaving(true);
    try {
      await logout();
    } catch {
      // The session ends locally either way.
    }
    clearSession();
    // The wizard's draft stays in this browser only for the user who wrote it.
    await clearDrafts().catch((error: unknown) => console.error(error));
    setLeaving(false);
    await navigate(paths.login);
  }

  return (
    <Group gap="lg" component="nav" aria-label="Hoofdmenu" wrap="nowrap">
      {(hasPermission(user, 'getSignRequests') || hasPermission(user, 'getMySignRequests')) && (
        <Anchor component={Link} to={paths.home} c="dark.6" fw={500} visibleFrom="md">
          Ondertekeningen
        </Anchor>
      )}
      {hasPermission(user, 'createSignRequest') && (
        <Anchor component={Link} to={paths.newSigning} c="dark.6" fw={500} visibleFrom="md">
          Nieuwe ondertekening
        </Anchor>
      )}
      {showCredits &&
        (hasPermission(user, 'getPaymentPlans') ? (
          <Anchor component={Link} to={paths.credits} c="dark.6" fw={500} visibleFrom="sm">
            {`Credits: ${company.credits}`}
          </Anchor>
        ) : (
          <Text c="dark.6" fw={500} visibleFrom="sm">
            {`Credits: ${company.credits}`}
          </Text>
        ))}
      <Anchor component={Link} to={paths.accountSettings} c="dark.6" fw={500} visibleFrom="sm">
        {company?.name ?? 'Instellingen'}
      </Anchor>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconLogout size={16} />}
        onClick={onLogout}
        loading={leaving}
      >
        Uitloggen
      </Button>
    </Group>
  );
}

export function SideMenu({ user, company }: { user: User; company: Company | undefined }) {
  const location = useLocation();
  const items = visibleMenu(user, company);
  return (
    <Box component="nav" aria-label="Instellingen">
      {items.map((item, i) => (
        <Box key={item.label}>
          {item.group && i > 0 && <Divider my="xs" />}
          {item.action === 'office-consent' ? (
            <OfficeConsentLink label={item.label} />
          ) : item.external ? (
            <NavLink
              component="a"
              href={item.to}
              target="_blank"
              rel="noopener noreferrer"
              label={item.label}
              rightSection={<IconExternalLink size={14} aria-hidden />}
            />
          ) : (
            <NavLink
              component={Link}
              to={item.to}
              label={item.label}
              active={location.pathname === item.to}
            />
          )}
        </Box>
      ))}
    </Box>
  );
}
