import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { signerFieldTypes } from '@paraaf/contract';
import { Palette } from './palette';
import { texts } from './texts';

const signers = [{ position: 1, label: 'Ondertekenaar 1' }];

function renderPalette(inputFields?: boolean, onAdd = vi.fn()) {
  render(
    <MantineProvider>
      <Palette
        signers={signers}
        signer={1}
        onSignerChange={vi.fn()}
        fieldsOnlyFirstSigner
        inputFields={inputFields}
        onAdd={onAdd}
        onParaphPages={vi.fn()}
      />
    </MantineProvider>,
  );
}

describe('the marker palette and the input_fields feature', () => {
  it('offers input fields by default', () => {
    renderPalette();
    expect(screen.getByRole('button', { name: 'Invoerveld tekst' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invoerveld vinkje' })).toBeTruthy();
  });

  it('offers no input fields without the feature, and still the other markers', () => {
    renderPalette(false);
    expect(screen.queryByRole('button', { name: 'Invoerveld tekst' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invoerveld vinkje' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByRole('button', { name: 'Naam' })).toBeTruthy();
  });

  it('offers one entry per signer field type, each adding a field of that type', () => {
    const onAdd = vi.fn();
    renderPalette(true, onAdd);
    for (const type of signerFieldTypes) {
      screen.getByRole('button', { name: texts.fieldKinds[type] }).click();
      expect(onAdd).toHaveBeenLastCalledWith({ kind: 'field', type, signer: 1, required: true });
    }
    expect(onAdd).toHaveBeenCalledTimes(signerFieldTypes.length);
  });
});
