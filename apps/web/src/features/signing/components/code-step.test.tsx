import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SigningPage } from '@paraaf/contract';
import { AppProvider } from '../../../app/provider';
import { apiCalls, json, resetApp, stubApi } from '../../../test/app-harness';
import { createTranslate } from '../texts';
import { CodeStep } from './steps';

/**
 * The signer's e-mail code step: after 'Code versturen' the focus is in the first code box, and
 * the sixth digit sends the code by itself, as the login's code step does.
 */

const page = {
  signer: { email: 'kees@example.nl', phone_masked: '+31 6 ****5678' },
  pending_codes: {},
} as unknown as SigningPage;

function renderStep(verifyStatus = 204) {
  const fetch = stubApi({
    answer: (url, init) => {
      if (url.endsWith('/verifications/email') && init?.method === 'POST')
        return new Response(null, { status: 204 });
      if (url.endsWith('/verifications/email/verify'))
        return verifyStatus === 204
          ? new Response(null, { status: 204 })
          : json({ message: 'De code is onjuist' }, verifyStatus);
      return undefined;
    },
  });
  const refresh = vi.fn(() => Promise.resolve());
  render(
    <AppProvider>
      <CodeStep ctx={{ token: 'tok-123', locale: 'nl', page, t, refresh }} channel="email" />
    </AppProvider>,
  );
  return { fetch, refresh };
}

const t = createTranslate('nl');
const box = (n: number) => screen.getByLabelText(`${t('code.label')} ${n}`);
const verifyCalls = (fetch: ReturnType<typeof stubApi>) =>
  apiCalls(fetch).filter((c) => c.url.endsWith('/verify'));

afterEach(resetApp);

// Mantine's PinInput is slow to query in jsdom on a busy machine.
describe('CodeStep', { timeout: 30_000 }, () => {
  it('puts the focus in the first box once the code is sent', async () => {
    renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Code versturen' }));
    await waitFor(() => expect(document.activeElement).toBe(box(1)));
  });

  it('sends the code by itself when the sixth digit is typed', async () => {
    const { fetch, refresh } = renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Code versturen' }));
    await screen.findByLabelText(`${t('code.label')} 1`);
    for (const [i, digit] of [...'12345'].entries())
      fireEvent.change(box(i + 1), { target: { value: digit } });
    expect(verifyCalls(fetch)).toEqual([]);
    fireEvent.change(box(6), { target: { value: '6' } });
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(verifyCalls(fetch).map((c) => c.body)).toEqual([{ code: '123456' }]);
  });

  it('a pasted code fills the boxes and is sent; a wrong one is cleared and focused again', async () => {
    const { fetch, refresh } = renderStep(422);
    fireEvent.click(screen.getByRole('button', { name: 'Code versturen' }));
    await waitFor(() => expect(document.activeElement).toBe(box(1)));
    fireEvent.paste(box(1), { clipboardData: { getData: () => 'Je code: 654 321' } });
    expect(await screen.findByText('De code is onjuist')).toBeTruthy();
    expect(verifyCalls(fetch).map((c) => c.body)).toEqual([{ code: '654321' }]);
    expect(refresh).not.toHaveBeenCalled();
    expect((box(1) as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(box(1)));
  });
});
