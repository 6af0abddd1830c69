import { useState } from 'react';
import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Company } from '@paraaf/contract';
import { paths } from '../../../config/paths';
import { BANNER_DISMISSED_KEY, lowCreditBanner, lowCreditBody } from '../lib/credits';
import { texts } from '../texts';

function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(BANNER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The closable low-credit banner of the home page; closing hides it for this browser session. */
export function LowCreditBanner({
  company,
  mayBuy,
}: {
  company: Company | undefined;
  mayBuy: boolean;
}) {
  const [dismissed, setDismissed] = useState(readDismissed);
  const kind = lowCreditBanner(company, dismissed);
  if (!kind || !company) return null;

  function close() {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(BANNER_DISMISSED_KEY, '1');
    } catch {
      // Private mode: it stays closed until the page reloads.
    }
  }

  return (
    <Alert
      color={kind === 'none' ? 'red' : 'orange'}
      variant="light"
      icon={<IconAlertTriangle />}
      title={kind === 'none' ? texts.noCredits : texts.lowCredits}
      withCloseButton
      closeButtonLabel={texts.closeBanner}
      onClose={close}
      role="status"
    >
      {lowCreditBody(company, kind)}
      {mayBuy && (
        <>
          {' '}
          <Anchor component={Link} to={paths.credits} fw={600}>
            {texts.buyCredits}
          </Anchor>
        </>
      )}
    </Alert>
  );
}
