import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Container } from '@mantine/core';
import { EMBED_IDIN_MESSAGE } from '@paraaf/contract';
import { embedTexts } from './texts';

/** Tells the embedded signer's page that opened this window (same origin only) that the bank is done. */
function tellOpener(outcome: 'ok' | 'failed'): void {
  try {
    (window.opener as Window | null)?.postMessage(
      { type: EMBED_IDIN_MESSAGE, outcome },
      window.location.origin,
    );
  } catch {
    // An opener of another origin, or none: the page in the frame asks the status itself.
  }
}

/**
 * `/insluiten/idin-terug?idin=ok|failed`: where the bank sends back the window an embedded
 * signer's page opened for iDIN. It tells that page and closes; should the browser keep it open
 * (it opened no window itself after a bank cut the connection), it says where to go on.
 */
export function IdinReturnRoute() {
  const [search] = useSearchParams();
  const [outcome] = useState<'ok' | 'failed'>(() =>
    search.get('idin') === 'ok' ? 'ok' : 'failed',
  );
  useEffect(() => {
    tellOpener(outcome);
    window.close();
  }, [outcome]);
  const isOk = outcome === 'ok';
  return (
    <Container size={520} py="xl" component="main">
      <Alert
        color={isOk ? 'teal' : 'red'}
        role="status"
        title={isOk ? embedTexts.idinOkTitle : embedTexts.idinFailedTitle}
      >
        {embedTexts.idinBack}
      </Alert>
    </Container>
  );
}
