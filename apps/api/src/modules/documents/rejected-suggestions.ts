import { z } from 'zod';
import {
  markRejected,
  rejectedSuggestionsSchema,
  type DetectedMarker,
  type RejectedSuggestion,
} from '@paraaf/contract';
import type { FormValue } from '../../lib/form-keys.ts';
import { parseInput } from '../../lib/validate.ts';

const rejectedForm = z.object({ rejected_suggestions: rejectedSuggestionsSchema });

/**
 * The found markers the sender turned down in the editor, sent with a document's or template's
 * upload as `rejected_suggestions[i][page|x|y|value]` (absent: none); a bad one is a 422 on its
 * field.
 */
export function parseRejectedSuggestions(form: Record<string, FormValue>): RejectedSuggestion[] {
  const raw = form.rejected_suggestions;
  return parseInput(rejectedForm, {
    rejected_suggestions: raw === undefined || raw === '' ? [] : raw,
  }).rejected_suggestions;
}

/** What detection found, with the turned-down ones flagged: kept, so they are never offered or placed again. */
export const withRejections = (found: DetectedMarker[], rejected: RejectedSuggestion[]) =>
  rejected.length ? markRejected(found, rejected) : found;
