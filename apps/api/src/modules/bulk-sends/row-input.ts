import {
  bulkSendMessages,
  bulkSignerColumn,
  bulkVerificationNames,
  createSignerBody,
  createSignRequestBody,
  messages,
  signingMessages,
  type BulkRowError,
} from '@paraaf/contract';
import type { z } from 'zod';
import type { TemplateShape } from './template-columns.ts';

/** What every row of a batch shares: the batch's subject, message, expiry and order. */
export interface BatchDefaults {
  subject: string;
  message: string;
  expiresAt: Date;
  isSync: boolean;
}

export interface RowInput {
  request: z.output<typeof createSignRequestBody>;
  signers: z.output<typeof createSignerBody>[];
  textValues: Record<string, string>;
}

/** What the company's plan lets a row ask (read once per batch). */
export interface RowRules {
  canUseIdin: boolean;
  canUseWallet: boolean;
}

/** E-mail code and a signature, as the wizard starts each signer; a paraph where one is placed. */
const EMAIL = 1;
const SMS = 2;
const IDIN = 4;
const SIGNATURE = 5;
const PARAPH = 6;
const WALLET = 7;
/** The wizard's defaults for a new signer. */
const REMINDER_AFTER = 3;
const MAX_REMINDERS = 5;
/** A text marker holds at most this much (documents/markers.ts). */
const MAX_MARKER_TEXT = 1000;

/**
 * One row as the request it becomes, checked by the contract schemas the wizard's calls use
 * (POST /api/sign-requests and …/signers): every problem by its column, in Dutch. Run at the
 * preview and again when the row is sent, so both see the same request.
 */
export function rowInput(
  cells: Record<string, string>,
  shape: TemplateShape,
  defaults: BatchDefaults,
  rules: RowRules,
): { input: RowInput | null; errors: Omit<BulkRowError, 'row'>[] } {
  const errors: Omit<BulkRowError, 'row'>[] = [];
  const cell = (name: string) => cells[name]?.trim() ?? '';

  const request = createSignRequestBody.safeParse({
    expires_at: defaults.expiresAt,
    subject: cell('subject') || defaults.subject,
    message: cell('message') || defaults.message,
    is_sync: defaults.isSync,
  });
  if (!request.success) {
    for (const issue of request.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors.push({ column: field in cells ? field : null, message: issue.message });
    }
  }

  const signers: z.output<typeof createSignerBody>[] = [];
  for (let n = 1; n <= shape.signers; n++) {
    const column = (f: Parameters<typeof bulkSignerColumn>[1]) => bulkSignerColumn(n, f);
    const routing = shape.routing.get(n);
    const asked = signerVerifications(
      cell(column('verificatie')),
      routing?.verifications ?? [],
      shape.paraphSigners.has(n),
      rules,
    );
    if ('error' in asked) errors.push({ column: column('verificatie'), message: asked.error });
    // An approver or a copy signs nothing: the template's signature boxes are not theirs.
    const signs = (routing?.role ?? 'signer') === 'signer';
    const listed = 'list' in asked ? asked.list : [EMAIL, SIGNATURE];
    const verifications = signs ? listed : listed.filter((v) => v !== SIGNATURE && v !== PARAPH);
    if (verifications.length === 0) verifications.push(EMAIL);
    const parsed = createSignerBody.safeParse({
      ...(routing
        ? {
            routing_order: routing.routing_order,
            role: routing.role,
            notify_on_send: routing.notify_on_send ?? false,
          }
        : {}),
      firstname: cell(column('firstname')),
      lastname: cell(column('lastname')),
      email: cell(column('email')),
      phone: cell(column('phone')) || null,
      locale: cell(column('locale')).toLowerCase() || undefined,
      verifications,
      // The template's choice for this placeholder; none: the wallet's defaults.
      ...(verifications.includes(WALLET) && routing?.wallet_attributes
        ? { wallet_attributes: routing.wallet_attributes }
        : {}),
      reminder_after: REMINDER_AFTER,
      max_reminders: MAX_REMINDERS,
    });
    if (parsed.success) signers.push(parsed.data);
    else {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'email') as 'email';
        // The wizard's 'required' on the phone: said here as why the row needs one.
        const smsPhone =
          field === ('phone' as string) &&
          verifications.includes(SMS) &&
          issue.message === messages.required;
        errors.push({
          column: column(field),
          message: smsPhone ? bulkSendMessages.phoneForSms : issue.message,
        });
      }
    }
  }

  const textValues: Record<string, string> = {};
  for (const label of shape.textLabels) {
    const value = cell(label);
    if (value.length > MAX_MARKER_TEXT) {
      errors.push({ column: label, message: bulkSendMessages.markerTooLong });
    } else if (value) textValues[label] = value;
  }

  if (errors.length > 0 || !request.success) return { input: null, errors };
  return { input: { request: request.data, signers, textValues }, errors };
}

/**
 * The verifications a `signer{n}_verificatie` cell asks (bulkVerificationNames), with the
 * signature and, where the template places one, the paraph always added; an empty cell asks what
 * the template sets for the placeholder, else the e-mail code. A name the wizard does not know, a
 * paraph the template does not place, or iDIN or the EU wallet outside the plan is the cell's
 * error.
 */
function signerVerifications(
  text: string,
  templateList: readonly number[],
  hasParaph: boolean,
  rules: RowRules,
): { list: number[] } | { error: string } {
  const asked = new Set<number>(text ? [] : templateList.length > 0 ? templateList : [EMAIL]);
  for (const part of text.split(/[+,;/|]/)) {
    const name = part.trim().replace(/\s+/g, ' ');
    if (!name) continue;
    const type = bulkVerificationNames[name.toLowerCase()];
    if (type === undefined) return { error: bulkSendMessages.verificationUnknown(name) };
    asked.add(type);
  }
  if (asked.has(PARAPH) && !hasParaph) return { error: bulkSendMessages.paraphNotPlaced };
  if (asked.has(IDIN) && !rules.canUseIdin) return { error: signingMessages.idinNotAvailable };
  if (asked.has(WALLET) && !rules.canUseWallet) {
    return { error: signingMessages.walletNotAvailable };
  }
  asked.add(SIGNATURE);
  if (hasParaph) asked.add(PARAPH);
  return { list: [...asked].sort((a, b) => a - b) };
}

/** The same signers (by e-mail, in order) as an earlier row: the row number of that row. */
export function duplicateKey(input: RowInput): string {
  return input.signers.map((s) => s.email).join('\u001f');
}
