import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MarkerEditorModal } from './marker-editor-modal';

const saved = Object.getOwnPropertyDescriptor(window, 'matchMedia')!;
afterEach(() => {
  Object.defineProperty(window, 'matchMedia', saved);
});

/** A screen whose width matches `(max-width: …)` queries, as a phone's. */
function onPhone() {
  const original = saved.value as (query: string) => MediaQueryList;
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      ...original(query),
      matches: query.includes('max-width'),
    }),
  });
}

describe('the marker editor on a phone', () => {
  it('says placing needs a larger screen and offers automatic placement', async () => {
    onPhone();
    const onClose = vi.fn();
    render(
      <MantineProvider>
        <MarkerEditorModal
          opened
          pdf={null}
          signers={[]}
          value={{ variables: [], fields: [] }}
          onClose={onClose}
          onSave={() => undefined}
        />
      </MantineProvider>,
    );
    expect(await screen.findByText(/Markers plaatsen vraagt een groter scherm/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Automatisch plaatsen' }));
    expect(onClose).toHaveBeenCalled();
  });
});
