import { BusyError } from '../lib/errors.ts';

/**
 * PostgreSQL's answers that roll a transaction back as a whole because of another transaction:
 * serialization failure (40001) and deadlock (40P01). Running it again is safe and usually works.
 */
const CONFLICTS = new Set(['40001', '40P01']);

/** How often a conflicting transaction is run in all before the caller gets a 503. */
export const MAX_TRANSACTION_ATTEMPTS = 6;

export function isTransactionConflict(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return CONFLICTS.has(e?.code ?? '') || CONFLICTS.has(e?.cause?.code ?? '');
}

/**
 * Runs `attempt` (a whole transaction, or a statement outside one) and runs it again when
 * PostgreSQL rolled it back for a conflict, after a short random pause that grows with each try.
 * Only ever wraps a unit PostgreSQL rolled back entirely: never a statement inside a transaction.
 */
export async function retryConflicts<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (n >= MAX_TRANSACTION_ATTEMPTS) throw Object.assign(new BusyError(), { cause: error });
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** n));
    }
  }
}
