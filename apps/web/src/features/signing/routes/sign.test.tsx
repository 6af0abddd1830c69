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

// jsdom has no FontFace loading; the typed-name preview is not what these tests read.
vi.mock('../lib/handwriting', () => ({
  HANDWRITING_FONT: 'sans-serif',
  loadHandwriting: () => new Promise(() => undefined),
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
      // Nor that there is nothing left to do: the signer has to ask the sender.
      expect(document.body.textContent).not.toMatch(
        /Je hoeft niets meer te doen|There is nothing more|Sie müssen nichts mehr tun|Vous n’avez plus rien/,
      );
    });
  }
});

const bankData = {
  city: 'Utrecht',
  postal_code: '3511 AB',
  date_of_birth: '1980-03-03',
  house_number: '12',
  last_name: 'Dijk',
  street: 'Oudegracht',
  last_name_prefix: 'van',
  country: 'NL',
  initials: 'J.',
};

function openPage(locale: 'nl' | 'en') {
  return {
    status: 'open',
    locale,
    company: { name: 'Bedrijf BV', logo_url: null },
    sign_request: {
      id: 7,
      subject: 'Huurcontract',
      message: 'Graag je handtekening.',
      expires_at: '2030-01-01T10:00:00.000Z',
      state_id: 3,
      is_sync: false,
      sender_name: 'Anna Admin',
    },
    signer: {
      id: 3,
      firstname: 'Jan',
      lastname: 'van Dijk',
      email: 'jan@voorbeeld.nl',
      phone_masked: null,
      state_id: 3,
    },
    steps: [
      { type: 'idin', done: true },
      { type: 'signature', done: false },
    ],
    documents: [
      {
        id: 11,
        name: 'Huurcontract',
        page_count: 1,
        first_page_image: false,
        pages: [{ width: 595, height: 842 }],
        signature_markers: [],
        paraph_markers: [],
        fields: [],
        form_fields: [],
      },
    ],
    drawings: { signature: false, paraph: false },
    idin: { status: 'verified', attributes: bankData },
    pending_codes: { email: null, sms: null },
    legal: {
      terms_url: 'https://paraaf.example/voorwaarden',
      privacy_url: 'https://paraaf.example/privacy',
    },
  };
}

describe("the signer's page after an iDIN check", () => {
  const rowsOf = (table: HTMLElement) =>
    [...table.querySelectorAll('tr')].map((tr) => [
      tr.querySelector('th')?.textContent,
      tr.querySelector('td')?.textContent,
    ]);

  it('lists the bank data in the fixed order with Dutch labels and a Dutch birth date', async () => {
    renderSignerPage((url) => (url === `/api/signing/${TOKEN}` ? json(openPage('nl')) : undefined));
    const table = await screen.findByRole('table', { name: 'Gedeelde gegevens' });
    expect(rowsOf(table)).toEqual([
      ['Naam', 'J. van Dijk'],
      ['Geboortedatum', '03-03-1980'],
      ['Adres', 'Oudegracht 12'],
      ['Postcode', '3511 AB'],
      ['Plaats', 'Utrecht'],
      ['Land', 'NL'],
    ]);
    // The act of declining has one word: 'Weigeren' (state 4 is 'Geweigerd').
    expect(screen.getByRole('button', { name: 'Weigeren' })).toBeTruthy();
  });

  it('keeps that order in the signer’s own language', async () => {
    renderSignerPage((url) => (url === `/api/signing/${TOKEN}` ? json(openPage('en')) : undefined));
    const table = await screen.findByRole('table', { name: 'Shared details' });
    expect(rowsOf(table).map(([label]) => label)).toEqual([
      'Name',
      'Date of birth',
      'Address',
      'Postcode',
      'City',
      'Country',
    ]);
  });
});
