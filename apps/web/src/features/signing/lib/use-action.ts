import { useCallback, useState } from 'react';
import { SignerApiError } from '../api/signer-api';
import type { Translate } from '../texts';

/** The text to show for a failed call: the server's message, else a general one. */
export function errorText(error: unknown, t: Translate, field?: string): string {
  if (error instanceof SignerApiError) {
    if (error.status === 0) return t('error.network');
    return error.messageFor(field) || t('error.generic');
  }
  return t('error.generic');
}

/** One button's call: busy while running, the error text in place when it fails. */
export function useAction(t: Translate, onConflict?: () => Promise<unknown> | void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (fn: () => Promise<void>, field?: string): Promise<boolean> => {
      setBusy(true);
      setError(null);
      try {
        await fn();
        return true;
      } catch (e) {
        setError(errorText(e, t, field));
        // 409: the link's state changed (someone declined, the request was cancelled…).
        if (e instanceof SignerApiError && (e.status === 409 || e.status === 404))
          void onConflict?.();
        return false;
      } finally {
        setBusy(false);
      }
    },
    [t, onConflict],
  );
  return { busy, error, setError, run };
}
