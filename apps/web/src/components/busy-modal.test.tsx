import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { AppProvider } from '../app/provider';
import { BusyModal } from './busy-modal';

const shown = (busy: boolean) => {
  const onClose = vi.fn();
  render(
    <AppProvider>
      <BusyModal busy={busy} onClose={onClose} title="Gebruiker verwijderen">
        <p>Weet je het zeker?</p>
      </BusyModal>
    </AppProvider>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Gebruiker verwijderen' }) };
};

describe('BusyModal', () => {
  it('is open and closes with Escape and its close button while idle', () => {
    const { onClose, dialog } = shown(false);
    expect(screen.getByText('Weet je het zeker?')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.querySelector('.mantine-Modal-close')).not.toBeNull();
  });

  it('has no close button and ignores Escape while busy', () => {
    const { onClose, dialog } = shown(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.querySelector('.mantine-Modal-close')).toBeNull();
  });
});
