import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MarkerEditorModal } from './marker-editor-modal';

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

/** A screen whose width matches `(max-width: …)` queries, as a phone's. */
function onPhone() {
  window.matchMedia = (query: string) =>
    ({
      ...realMatchMedia(query),
      matches: query.includes('max-width'),
    }) as MediaQueryList;
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
