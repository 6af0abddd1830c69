import { z } from 'zod';
import { dutchIssueMessage } from './issues.ts';
import { inputMessages, messages } from './messages.ts';
import { centsOfEuros, formatCents, moneyMessages, parseEuros } from './money.ts';

/** The largest id a row can have (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

/** No NUL characters: PostgreSQL cannot store them in text or JSON. */
const hasNoNul = (v: string) => !v.includes('\u0000');

/**
 * No half of a UTF-16 surrogate pair on its own (JSON may carry `"\ud800"`): such a string has
 * no UTF-8 form, so PostgreSQL's json refuses it and a mail or PDF cannot encode it.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const hasNoLoneSurrogate = (v: string) => !LONE_SURROGATE.test(v);

/**
 * Why a string cannot be stored as text, for input read outside `text()` (markers, JSON keys):
 * the Dutch message, or null when it can.
 */
export function unstorableTextMessage(v: string): string | null {
  if (!hasNoNul(v)) return inputMessages.nul;
  if (!hasNoLoneSurrogate(v)) return inputMessages.loneSurrogate;
  return null;
}

/**
 * The one string schema every text input starts from: a string (else a Dutch type message)
 * without NUL characters or unpaired surrogates. Everything that is text in a request is built
 * on this.
 */
export const text = () =>
  z
    .string({ error: (i) => (i.input == null ? messages.required : inputMessages.text) })
    .refine(hasNoNul, inputMessages.nul)
    .refine(hasNoLoneSurrogate, inputMessages.loneSurrogate);

/** Building blocks that attach the seeds' Dutch messages to zod rules. */
export const requiredString = (max = 255) =>
  text().trim().min(1, messages.required).max(max, messages.maxLength);

export const optionalString = (max = 255) =>
  text()
    .trim()
    .max(max, messages.maxLength)
    .nullish()
    .transform((v) => (v ? v : null));

export const emailField = () =>
  text()
    .trim()
    .min(1, messages.required)
    .max(255, messages.maxLength)
    .pipe(z.email({ error: messages.email }))
    .transform((v) => v.toLowerCase());

/** A password as the user types it: not trimmed. */
export const passwordField = () =>
  text().min(1, messages.required).min(8, messages.passwordTooShort).max(200, messages.maxLength);

/**
 * The one id schema of request bodies: a positive 32-bit integer, as a JSON number or as the
 * digits a form sends. Anything else (0, -1, 1.5, 2^31, Infinity, true, '0x10') is a Dutch 422.
 */
export const idField = () =>
  z
    .union(
      [
        z.number(),
        text()
          .trim()
          .regex(/^\d{1,10}$/)
          .transform(Number),
      ],
      {
        error: (i) => (i.input == null ? messages.required : inputMessages.id),
      },
    )
    .pipe(z.number().int(inputMessages.id).min(1, inputMessages.id).max(MAX_ID, inputMessages.id));

/**
 * A whole number from JSON or from a form or query string ('3'), within bounds; `[3]`, `true`,
 * '' or '0x10' are not numbers here.
 */
export const integerField = (bounds: {
  min: number;
  max: number;
  minMessage?: string;
  maxMessage?: string;
}) =>
  z
    .union(
      [
        z.number(),
        text()
          .trim()
          .regex(/^-?\d{1,15}$/)
          .transform(Number),
      ],
      {
        error: (i) =>
          i.input == null || i.input === '' ? messages.required : inputMessages.integer,
      },
    )
    .pipe(
      z
        .number()
        .int(inputMessages.integer)
        .min(bounds.min, bounds.minMessage ?? messages.min)
        .max(bounds.max, bounds.maxMessage ?? messages.max),
    );

/**
 * An amount in euros with at most two decimals (whole cents), as a JSON number or the text a form
 * sends ('0,80', '0.80', '€ 2.722,50': `parseEuros`, the parser the web's money input uses),
 * within bounds in cents, each refusal a Dutch message on the field. Gives euros whose cents are
 * exact; the server stores cents.
 */
export const eurosField = (bounds: { minCents: number; maxCents: number }) =>
  z
    .union([z.number(), text()], {
      error: (i) => (i.input == null || i.input === '' ? messages.required : moneyMessages.invalid),
    })
    .transform((value, ctx) => {
      const parsed =
        typeof value === 'number'
          ? (() => {
              const cents = centsOfEuros(value);
              return cents === null
                ? { error: Number.isFinite(value) ? moneyMessages.decimals : moneyMessages.invalid }
                : { cents };
            })()
          : parseEuros(value);
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (parsed === null) return fail(messages.required);
      if ('error' in parsed) return fail(parsed.error);
      if (parsed.cents < bounds.minCents)
        return fail(moneyMessages.tooLow(formatCents(bounds.minCents)));
      if (parsed.cents > bounds.maxCents)
        return fail(moneyMessages.tooHigh(formatCents(bounds.maxCents)));
      return parsed.cents / 100;
    });

/** A boolean that also accepts the strings and numbers forms send. */
export const booleanField = () =>
  z
    .union(
      [
        z.boolean(),
        z.literal('true'),
        z.literal('false'),
        z.literal(1),
        z.literal(0),
        z.literal('1'),
        z.literal('0'),
      ],
      { error: (i) => (i.input == null ? messages.required : inputMessages.boolean) },
    )
    .transform((v) => v === true || v === 'true' || v === 1 || v === '1');

/**
 * A value of one of two shapes, told apart by a key: parsed by `withKey` when it is an object
 * holding `key`, else by `without`. Its issues keep their own paths and Dutch texts (a union
 * would only say that neither shape fits).
 */
export function eitherShape<A extends z.ZodType, B extends z.ZodType>(
  key: string,
  withKey: A,
  without: B,
) {
  return z.unknown().transform((value, ctx): z.output<A> | z.output<B> => {
    const schema = value !== null && typeof value === 'object' && key in value ? withKey : without;
    const result = schema.safeParse(value, { error: dutchIssueMessage });
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  });
}
