import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { MarkerConfig } from '@paraaf/contract';
import { AppProvider } from '../../app/provider';
import { json, resetApp, stubApi } from '../../test/app-harness';
import MarkerEditor from './editor';
import type { EditorSigner } from './types';

// Three A4 pages; pdf.js itself is not what these tests look at (it needs a real browser).
vi.mock('./use-pdf-document', () => ({
  usePdfDocument: () => ({
    pdf: { getPage: () => new Promise(() => undefined) },
    sizes: [1, 2, 3].map(() => ({ width: 595, height: 842 })),
    failed: false,
  }),
}));

const signers: EditorSigner[] = [
  { position: 1, label: 'Anna Ambt', verifications: [1, 5] },
  { position: 2, label: 'Bert Boer', verifications: [1, 5, 6] },
];

function renderEditor(value: MarkerConfig = { variables: [], fields: [] }) {
  stubApi({ answer: (url) => (url.includes('/variables') ? json({ data: [] }) : undefined) });
  const onSave = vi.fn<(config: MarkerConfig) => void>();
  render(
    <AppProvider>
      <MarkerEditor
        opened
        pdf={new Blob(['%PDF-1.7'])}
        signers={signers}
        value={value}
        onSave={onSave}
        onClose={vi.fn()}
      />
    </AppProvider>,
  );
  return onSave;
}

async function chooseSigner(container: HTMLElement, label: string) {
  fireEvent.click(within(container).getByRole('combobox', { name: 'Ondertekenaar' }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

afterEach(resetApp);

// The editor is a big screen on a shared two-core machine: more time than the default 5 s.
describe(
  "'Paraaf toevoegen op pagina's' and the signer chosen in the palette",
  { timeout: 20_000 },
  () => {
    it('starts with the signer chosen in the palette and adds that signer’s initials', async () => {
      const onSave = renderEditor();
      const palette = screen.getByRole('complementary', { name: 'Markers' });
      await chooseSigner(palette, 'Bert Boer');
      fireEvent.click(
        within(palette).getByRole('button', { name: "Paraaf toevoegen op pagina's" }),
      );
      const modal = await screen.findByRole('dialog', { name: "Paraaf toevoegen op pagina's" });
      expect(
        within(modal).getByRole<HTMLInputElement>('combobox', { name: 'Ondertekenaar' }).value,
      ).toBe('Bert Boer');
      fireEvent.click(within(modal).getByRole('button', { name: 'Toevoegen' }));
      fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
      expect(onSave).toHaveBeenCalledTimes(1);
      const saved = onSave.mock.calls[0]![0];
      expect(saved.variables.map((v) => [v.value, v.page])).toEqual([
        ['signer.2.paraph', 1],
        ['signer.2.paraph', 2],
        ['signer.2.paraph', 3],
      ]);
    });

    it('refuses initials for a signer without Paraaf and says why, in the palette and the modal', async () => {
      renderEditor();
      const palette = screen.getByRole('complementary', { name: 'Markers' });
      const reason =
        'Anna Ambt zet geen paraaf: kies Paraaf bij deze ondertekenaar, of kies een andere ondertekenaar.';
      expect(
        within(palette).getByRole<HTMLButtonElement>('button', { name: 'Paraaf' }).disabled,
      ).toBe(true);
      expect(within(palette).getByText(reason)).toBeTruthy();
      expect(
        within(palette).getByRole<HTMLButtonElement>('button', { name: 'Handtekening' }).disabled,
      ).toBe(false);
      fireEvent.click(
        within(palette).getByRole('button', { name: "Paraaf toevoegen op pagina's" }),
      );
      const modal = await screen.findByRole('dialog', { name: "Paraaf toevoegen op pagina's" });
      expect(within(modal).getByText(reason)).toBeTruthy();
      expect(
        within(modal).getByRole<HTMLButtonElement>('button', { name: 'Toevoegen' }).disabled,
      ).toBe(true);
    });

    it('names a stored marker its signer will never fill and does not save it', () => {
      const onSave = renderEditor({
        variables: [
          {
            x: 500,
            y: 780,
            width: 50,
            height: 50,
            page: 2,
            type: 'generated',
            value: 'signer.1.paraph',
            options: {},
          },
        ],
        fields: [],
      });
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('Paraaf Anna Ambt, pagina 2');
      expect(alert.textContent).toContain('Anna Ambt zet geen paraaf');
      const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Opslaan' });
      expect(save.disabled).toBe(true);
      fireEvent.click(save);
      expect(onSave).not.toHaveBeenCalled();
    });
  },
);
