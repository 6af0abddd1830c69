import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { SignRoute } from './sign';
import { json, renderRoutes, resetApp, stubApi } from '../../../test/app-harness';

// pdf.js needs a real browser (DOMMatrix); these tests read the page's texts, not its documents.
vi.mock('../../../lib/pdfjs', () => ({
  loadPdfJs: () => new Promise(() => undefined),
  openPdfUrl: () => new Promise(() => undefined),
  openPdf: () => new Promise(() => undefined),
  PDF_RANGE_CHUNK: 64 * 1024,
}));

const TOKEN = 'a'.repeat(43);

function renderSignerPage(answer: (url: string) => Response | undefined) {
  stubApi({ answer });
  renderRoutes([{ path: '/ondertekenen/:token', Component: SignRoute }], `/ondertekenen/${TOKEN}`);
}

afterEach(resetApp);

describe("the signer's page for a link retired by an address change", () => {
  for (const [locale, body] of [
    ['nl', 'Deze link is niet meer geldig. Neem contact op met de afzender.'],
    ['en', 'This link is no longer valid. Please contact the sender.'],
    ['de', 'Dieser Link ist nicht mehr gültig. Bitte wenden Sie sich an den Absender.'],
    ['fr', 'Ce lien n’est plus valide. Veuillez contacter l’expéditeur.'],
  ] as const) {
    it(`says in ${locale} that the link is no longer valid, promising no new mail`, async () => {
      renderSignerPage((url) =>
        url === `/api/signing/${TOKEN}`
          ? json({ message: 'Deze link is niet meer geldig.', status: 'replaced', locale }, 410)
          : undefined,
      );
      expect(await screen.findByText(body)).toBeTruthy();
      expect(document.body.textContent).not.toMatch(
        /nieuwe e-mail|new e-mail|neue E-Mail|nouvel e-mail/,
      );
    });
  }
});
