import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { EMBED_IDIN_MESSAGE } from '@paraaf/contract';
import { SignerPage } from '../routes/sign';
import { apiCalls, json, renderRoutes, resetApp, stubApi } from '../../../test/app-harness';

// pdf.js needs a real browser (DOMMatrix); these tests read the iDIN step, not the documents.
vi.mock('../../../lib/pdfjs', () => ({
  loadPdfJs: () => new Promise(() => undefined),
  openPdfUrl: () => new Promise(() => undefined),
  openPdf: () => new Promise(() => undefined),
  PDF_RANGE_CHUNK: 64 * 1024,
}));

// jsdom has no FontFace loading; the typed-name preview is not what these tests read.
vi.mock('../lib/handwriting', () => ({
  HANDWRITING_FONT: 'sans-serif',
  loadHandwriting: () => new Promise(() => undefined),
}));

const TOKEN = 'b'.repeat(43);
const PAGE_URL = `/api/signing/${TOKEN}`;

function page(idinDone: boolean) {
  return {
    status: 'open',
    locale: 'nl',
    company: { name: 'Verhuur BV', logo_url: null },
    sign_request: {
      id: 7,
      subject: 'Huurcontract',
      message: 'Graag je handtekening.',
      expires_at: '2030-01-01T10:00:00.000Z',
      state_id: 3,
      is_sync: false,
      sender_name: 'Iris Verhuur',
    },
    signer: {
      id: 3,
      firstname: 'Sam',
      lastname: 'Huurder',
      email: 'sam@voorbeeld.nl',
      phone_masked: null,
      state_id: 3,
    },
    steps: [
      { type: 'idin', done: idinDone },
      { type: 'signature', done: false },
    ],
    documents: [],
    drawings: { signature: false, paraph: false },
    idin: idinDone
      ? { status: 'verified', attributes: { initials: 'S.', last_name: 'Huurder' } }
      : { status: 'none', attributes: {} },
    pending_codes: { email: null, sms: null },
    legal: { terms_url: 'https://paraaf.example/v', privacy_url: 'https://paraaf.example/p' },
  };
}

/** The embedded signer page with the bank still busy; `verified` flips what the page answers. */
function renderEmbedded() {
  const state = { verified: false };
  const fetch = stubApi({
    answer: (url, init) => {
      if (url === PAGE_URL) return json(page(state.verified));
      if (url === `${PAGE_URL}/verifications/idin` && init?.method === 'POST')
        return json({ redirect_url: 'https://bank.example/idin?state=s' });
      if (url === `${PAGE_URL}/status`)
        return json({
          status: 'open',
          sign_request_id: 7,
          sign_request_state_id: 3,
          idin_status: 'started',
        });
      return undefined;
    },
  });
  renderRoutes(
    [
      {
        path: '/x',
        Component: () => <SignerPage token={TOKEN} embedded={{ hideFooter: false }} />,
      },
    ],
    '/x',
  );
  const pageReads = () => apiCalls(fetch).filter((c) => c.url === PAGE_URL).length;
  return { state, fetch, pageReads };
}

afterEach(resetApp);

describe('iDIN on the signer page inside a frame', () => {
  it('opens the bank in a window of its own and goes on when that window says it is back', async () => {
    const bank = { location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => bank);
    vi.stubGlobal('open', open);
    const { state, fetch, pageReads } = renderEmbedded();
    fireEvent.click(await screen.findByRole('button', { name: 'Verifiëren met iDIN' }));
    await screen.findByText(
      'Rond de controle af in het venster van je bank. Deze pagina gaat daarna vanzelf verder.',
    );
    expect(open).toHaveBeenCalledTimes(1);
    expect(bank.location.href).toBe('https://bank.example/idin?state=s');
    expect(apiCalls(fetch).find((c) => c.url.endsWith('/verifications/idin'))?.body).toEqual({
      embedded: true,
    });

    // A message of another origin changes nothing.
    const reads = pageReads();
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: EMBED_IDIN_MESSAGE, outcome: 'ok' },
          origin: 'https://kwaad.example',
        }),
      );
    });
    expect(pageReads()).toBe(reads);

    state.verified = true;
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: EMBED_IDIN_MESSAGE, outcome: 'ok' },
          origin: window.location.origin,
        }),
      );
    });
    expect(await screen.findByText('Je identiteit is bevestigd met iDIN.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Rond de controle af/)).toBeNull());
  });

  it('says so in Dutch when the browser blocks the window, and starts no check', async () => {
    vi.stubGlobal(
      'open',
      vi.fn(() => null),
    );
    const { fetch } = renderEmbedded();
    fireEvent.click(await screen.findByRole('button', { name: 'Verifiëren met iDIN' }));
    expect(
      await screen.findByText(
        'Je browser hield het venster van je bank tegen. Sta pop-upvensters toe voor deze website en probeer het opnieuw.',
      ),
    ).toBeTruthy();
    expect(apiCalls(fetch).some((c) => c.url.endsWith('/verifications/idin'))).toBe(false);
  });
});
