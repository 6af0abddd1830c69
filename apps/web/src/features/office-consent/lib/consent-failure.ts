import { officeMessages } from '@paraaf/contract';
import { isApiError } from '../../../lib/api-client';

/** Seed 000 §8 'Admin consent failure': the server's message, else the error's, else the fallback. */
export function consentFailureMessage(error: unknown): string {
  if (isApiError(error) && error.message) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return officeMessages.fallback;
}
