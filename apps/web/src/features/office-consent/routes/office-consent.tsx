import { useEffect, useRef } from 'react';
import { Alert, Loader, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { officeMessages, type CompleteOfficeConsentBody } from '@paraaf/contract';
import { Page } from '../../../components/page';
import { useCompleteOfficeConsent } from '../api/complete-office-consent';
import { consentFailureMessage } from '../lib/consent-failure';

const answerKeys = ['state', 'tenant', 'admin_consent', 'error', 'error_description'] as const;

/**
 * Where Microsoft sends the administrator back after the admin consent (the redirect URI): the
 * answer is passed on to the server once, which checks the state and stores the tenant.
 */
export function OfficeConsentRoute() {
  const [params] = useSearchParams();
  const complete = useCompleteOfficeConsent();
  const sent = useRef(false);

  useEffect(() => {
    // The state is single use: the answer goes to the server once, also in StrictMode.
    if (sent.current) return;
    sent.current = true;
    const body: CompleteOfficeConsentBody = {};
    for (const key of answerKeys) {
      const value = params.get(key);
      if (value !== null) body[key] = value;
    }
    complete.mutate(body, { onError: (error) => console.error(error) });
  }, [params, complete]);

  return (
    <Page title="Office365 toestemming" size="md">
      {complete.isSuccess ? (
        <Alert color="teal" title={officeMessages.granted}>
          {complete.data.message}
        </Alert>
      ) : complete.isError ? (
        <Alert color="red" title="Toestemming niet gelukt">
          {consentFailureMessage(complete.error)}
        </Alert>
      ) : (
        <Text c="dimmed">
          <Loader size="xs" mr="xs" />
          Toestemming controleren…
        </Text>
      )}
    </Page>
  );
}
