import { useCallback, useEffect, useRef, useState } from 'react';
import { deleteDraft, loadDraft, saveDraft, type WizardDraft } from './draft-store';

/** Writes wait this long after the last change, so typing does not write on every key. */
const SAVE_DELAY_MS = 300;

export type DraftStatus = 'idle' | 'saving' | 'saved';

/**
 * The signed-in user's wizard draft: loaded once, saved as the user works (debounced, one write
 * at a time, flushed when the page is hidden or the wizard closes), and discarded on demand.
 */
export function useWizardDraft(userId: number | undefined) {
  const [loaded, setLoaded] = useState<{ userId: number; draft: WizardDraft | null } | null>(null);
  const [status, setStatus] = useState<DraftStatus>('idle');
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; run: () => void } | null>(null);

  useEffect(() => {
    if (userId === undefined) return;
    let live = true;
    void loadDraft(userId).then((draft) => {
      if (live) setLoaded({ userId, draft });
    });
    return () => {
      live = false;
    };
  }, [userId]);

  const enqueue = useCallback((task: () => Promise<void>) => {
    const next = queue.current.then(task).catch((error: unknown) => console.error(error));
    queue.current = next;
    return next;
  }, []);

  const flush = useCallback(() => {
    const p = pending.current;
    if (!p) return;
    clearTimeout(p.timer);
    pending.current = null;
    p.run();
  }, []);

  const save = useCallback(
    (draft: WizardDraft) => {
      if (userId === undefined) return;
      if (pending.current) clearTimeout(pending.current.timer);
      setStatus('saving');
      const run = () =>
        void enqueue(async () => {
          await saveDraft(userId, draft);
          if (!pending.current) setStatus('saved');
        });
      pending.current = { timer: setTimeout(() => flush(), SAVE_DELAY_MS), run };
    },
    [userId, enqueue, flush],
  );

  const discard = useCallback(async () => {
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = null;
    setStatus('idle');
    if (userId !== undefined) await enqueue(() => deleteDraft(userId));
  }, [userId, enqueue]);

  // A reload or a closed tab writes what is still waiting.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return {
    loading: userId === undefined || loaded?.userId !== userId,
    draft: loaded !== null && loaded.userId === userId ? loaded.draft : null,
    status,
    save,
    discard,
  };
}
