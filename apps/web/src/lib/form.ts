import { notifications } from '@mantine/notifications';
import { dutchIssueMessage, messages } from '@paraaf/contract';
import { isApiError } from './api-client';
/** The part of a zod schema the forms use; keeps zod itself out of the web app's imports. */
interface ParseSchema {
  safeParse(
    values: unknown,
    params: { error: typeof dutchIssueMessage },
  ):
    | { success: true }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/** Zod issues as Mantine form errors: the first (Dutch) message per dotted field path. */
export function zodErrors(schema: ParseSchema, values: unknown): Record<string, string> {
  const result = schema.safeParse(values, { error: dutchIssueMessage });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The "passwords differ" error on the repeat field `field`, or none. With `onlyWhenTyped` it
 * waits until a repeat is typed (the form's other messages already ask for an empty one).
 */
export function passwordRepeatError(
  password: string,
  repeat: string,
  field: string,
  { onlyWhenTyped = false } = {},
): Record<string, string> {
  if (password === repeat || (onlyWhenTyped && !repeat)) return {};
  return { [field]: messages.passwordMismatch };
}

/** A failed save as a form shows it: the server's field errors and message, else the generic one. */
export function saveFailure(error: unknown): { fields: Record<string, string>; message: string } {
  return isApiError(error)
    ? { fields: error.fieldErrors(), message: error.message }
    : { fields: {}, message: messages.serverError };
}

/** The notice after a form saved its changes. */
export function notifySaved() {
  notifications.show({
    title: 'Gegevens opgeslagen',
    message: 'Je wijzigingen zijn opgeslagen',
    color: 'teal',
  });
}
