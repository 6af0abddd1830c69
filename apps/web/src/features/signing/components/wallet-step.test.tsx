import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import type { SigningPage } from '@paraaf/contract';
import { AppProvider } from '../../../app/provider';
import { apiCalls, json, resetApp, stubApi } from '../../../test/app-harness';
import { createTranslate } from '../texts';
import type { StepContext } from './steps';
import { WalletStep } from './wallet-step';

/**
 * The EU-wallet step asks for the outcome every 2 s while the page around it keeps re-rendering
 * (pages of the document drawn, other state), each render with a new ctx object; the refusal
 * must still show. A poll restarted on every render never asked on a busy page.
 */

const t = createTranslate('nl');
const page = { signer: {} } as unknown as SigningPage;
const refusal = 'Je hebt het delen van je gegevens in de wallet geweigerd.';

/** The step inside a parent that re-renders every 300 ms with a fresh ctx, as the page does. */
function BusyPage({ refresh }: { refresh: () => Promise<void> }) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((n) => n + 1), 300);
    return () => window.clearInterval(timer);
  }, []);
  const ctx: StepContext = { token: 'tok-123', locale: 'nl', page, t, refresh };
  return <WalletStep ctx={ctx} />;
}

afterEach(resetApp);

describe('WalletStep', { timeout: 30_000 }, () => {
  it('shows a refusal while the page around it re-renders more often than it polls', async () => {
    let answered = false;
    const fetch = stubApi({
      answer: (url, init) => {
        if (url.endsWith('/wallet/start') && init?.method === 'POST')
          return json({
            request_uri: 'https://par.example/r/1',
            link: 'openid4vp://?client_id=x509_san_dns%3Apar.example&request_uri=https%3A%2F%2Fpar.example%2Fr%2F1',
            test_wallet_url: null,
          });
        if (url.endsWith('/wallet/status')) {
          answered = true;
          return json({ status: 'failed', message: refusal, attributes: null });
        }
        return undefined;
      },
    });
    const refresh = vi.fn(() => Promise.resolve());
    render(
      <AppProvider>
        <BusyPage refresh={refresh} />
      </AppProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: t('wallet.start') }));
    expect(await screen.findByRole('img', { name: t('wallet.scan') })).toBeTruthy();
    expect(await screen.findByText(refusal, {}, { timeout: 6_000 })).toBeTruthy();
    expect(answered).toBe(true);
    expect(apiCalls(fetch).filter((c) => c.url.endsWith('/wallet/status')).length).toBe(1);
    expect(screen.getByRole('button', { name: t('wallet.retry') })).toBeTruthy();
    expect(refresh).not.toHaveBeenCalled();
  });
});
