import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { DetectedMarker, MarkerConfig } from '@paraaf/contract';
import { AppProvider } from '../../app/provider';
import { json, resetApp, stubApi } from '../../test/app-harness';
import MarkerEditor from './editor';
import type { EditorSigner } from './types';

vi.mock('./use-pdf-document', () => ({
  usePdfDocument: () => ({
    pdf: { getPage: () => new Promise(() => undefined) },
    sizes: [1, 2, 3].map(() => ({ width: 595, height: 842 })),
    failed: false,
  }),
}));

const signers: EditorSigner[] = [
  { position: 1, label: 'Anna Ambt', verifications: [1, 5] },
  { position: 2, label: 'Piet Jansen', verifications: [1, 5] },
];

const found = (value: string, x: number, label: string): DetectedMarker => ({
  page: 3,
  x,
  y: 346,
  width: 134,
  height: 50,
  type: 'generated',
  value,
  options: { label },
  confidence: 0.9,
});
const detected = [
  found('signer.1.signature', 146, 'Opdrachtgever – Handtekening'),
  found('signer.2.signature', 394, 'Opdrachtnemer – Handtekening'),
  // Signer 2 does not paraph and there is no signer 3: neither is offered.
  found('signer.2.paraph', 394, 'Paraaf'),
  found('signer.3.signature', 146, 'Handtekening'),
];

function renderEditor(
  value: MarkerConfig = { variables: [], fields: [] },
  suggestions: DetectedMarker[] = detected,
) {
  stubApi({ answer: (url) => (url.includes('/variables') ? json({ data: [] }) : undefined) });
  const onSave = vi.fn<(config: MarkerConfig, suggestions: DetectedMarker[]) => void>();
  render(
    <AppProvider>
      <MarkerEditor
        opened
        pdf={new Blob(['%PDF-1.7'])}
        signers={signers}
        value={value}
        suggestions={suggestions}
        onSave={onSave}
        onClose={vi.fn()}
      />
    </AppProvider>,
  );
  return onSave;
}

const saved = (onSave: ReturnType<typeof renderEditor>) => {
  fireEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
  return onSave.mock.calls.at(-1)![0].variables;
};

afterEach(resetApp);

describe('found fields as suggestions in the marker editor', { timeout: 20_000 }, () => {
  it('shows the fields its signers fill, dashed, and saves none until taken over', () => {
    const onSave = renderEditor();
    expect(screen.getByTestId('marker-suggestions').textContent).toContain('2 plekken');
    const boxes = screen.getAllByTestId('marker-suggestion');
    expect(boxes.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Gevonden veld: Handtekening Anna Ambt, pagina 3',
      'Gevonden veld: Handtekening Piet Jansen, pagina 3',
    ]);
    expect(boxes[0]!.style.border).toContain('dashed');
    expect(saved(onSave)).toEqual([]);
  });

  it("takes all over with 'Gevonden velden overnemen' as ordinary markers", () => {
    const onSave = renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Gevonden velden overnemen' }));
    expect(screen.queryByTestId('marker-suggestion')).toBeNull();
    expect(screen.queryByTestId('marker-suggestions')).toBeNull();
    expect(saved(onSave)).toEqual(detected.slice(0, 2).map(({ confidence: _c, ...v }) => v));
  });

  it('takes one over and turns one down', () => {
    const onSave = renderEditor();
    fireEvent.click(
      screen.getByRole('button', { name: 'Overnemen: Handtekening Piet Jansen, pagina 3' }),
    );
    fireEvent.click(
      screen.getByRole('button', { name: 'Afwijzen: Handtekening Anna Ambt, pagina 3' }),
    );
    expect(screen.queryByTestId('marker-suggestion')).toBeNull();
    const variables = saved(onSave);
    expect(variables.map((v) => [v.value, v.x, v.y])).toEqual([['signer.2.signature', 394, 346]]);
  });

  it('hands back the turned-down one flagged, and does not offer it when the editor opens again', () => {
    const onSave = renderEditor();
    fireEvent.click(
      screen.getByRole('button', { name: 'Afwijzen: Handtekening Anna Ambt, pagina 3' }),
    );
    saved(onSave);
    const remembered = onSave.mock.calls.at(-1)![1];
    expect(remembered.map((m) => Boolean(m.rejected))).toEqual([true, false, false, false]);
    cleanup();
    renderEditor({ variables: [], fields: [] }, remembered);
    expect(
      screen.getAllByTestId('marker-suggestion').map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Gevonden veld: Handtekening Piet Jansen, pagina 3']);
  });

  it('does not offer a field already placed there', () => {
    const { confidence: _c, ...placed } = detected[0]!;
    renderEditor({ variables: [{ ...placed, x: 150 }], fields: [] });
    expect(screen.getAllByTestId('marker-suggestion')).toHaveLength(1);
  });
});
