import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Text } from '@mantine/core';
import { AppProvider } from '../app/provider';
import { ApiError } from '../lib/api-client';
import { ConfirmModal } from './confirm-modal';

const shown = (onConfirm: () => Promise<void>) => {
  const onClose = vi.fn();
  render(
    <AppProvider>
      <ConfirmModal
        title="Afdeling verwijderen"
        confirmLabel="Verwijderen"
        onConfirm={onConfirm}
        onClose={onClose}
      >
        <Text>Weet je zeker dat je Verkoop wilt verwijderen?</Text>
      </ConfirmModal>
    </AppProvider>,
  );
  return onClose;
};

describe('ConfirmModal', () => {
  it('runs the action and closes when it succeeds', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    const onClose = shown(onConfirm);
    expect(screen.getByText('Weet je zeker dat je Verkoop wilt verwijderen?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('stays open with the server’s Dutch refusal, or the general message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal = 'Deze afdeling wordt gebruikt door 2 open verzoeken';
    const onClose = shown(() => Promise.reject(new ApiError(409, refusal)));
    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('cannot be cancelled while the action runs', async () => {
    let finish: () => void = () => undefined;
    const onClose = shown(() => new Promise<void>((resolve) => (finish = resolve)));
    fireEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Annuleren' }).hasAttribute('disabled')).toBe(true),
    );
    finish();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
