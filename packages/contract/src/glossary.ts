/**
 * The words screens and mails share (README 'Wording'), so a rule is written once: the form of
 * address, how e-mail is spelled, the words of declining, the names of the plans and months.
 * Seed texts stay as the seeds write them, except for plain misspellings.
 */

/**
 * The standard plans by the key they are stored under, as people read them: Dutch, with a
 * capital. A custom plan keeps the name the back office gave it.
 */
export const PLAN_NAMES = {
  free: 'Gratis',
  standard: 'Standaard',
  premium: 'Premium',
  invoice: 'Op factuur',
} as const;

/** A plan's name as shown anywhere (cards, back office, invoices, payments). */
export function planDisplayName(plan: { name: string; custom: boolean }): string {
  return plan.custom ? plan.name : ((PLAN_NAMES as Record<string, string>)[plan.name] ?? plan.name);
}

/**
 * Declining, one word per use: the signer's button 'Weigeren', the state 'Geweigerd' (seed 000
 * §4), the audit line 'Afgekeurd' (seed 000 audit action 4).
 */
export const DECLINE_WORDS = {
  action: 'Weigeren',
  state: 'Geweigerd',
  audit: 'Afgekeurd',
} as const;

/** A reminder is a 'herinnering' (one r, two n's): 'Handmatige herinnering verstuurd'. */
export const REMINDER_WORD = 'herinnering';

/**
 * A text that ends a sentence with a name: one full stop, also when the name ends with one
 * ('Bakkerij B.V.' stays 'Bakkerij B.V.', never 'B.V..').
 */
export function endSentence(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}

/**
 * Forms that may not appear in Dutch texts (screens, API messages, mails). The test
 * `apps/api/test/wording.test.ts` scans the sources for them.
 */
export const FORBIDDEN_WORDING: readonly { pattern: RegExp; use: string }[] = [
  { pattern: /her{2}iner/i, use: "'herinnering'" },
  { pattern: /\bU (heeft|hebt|dient|kunt|bent|wordt|moet)\b/, use: "'je' (je hebt, je moet)" },
  { pattern: /\bUw\b/, use: "'je'/'jouw'" },
  { pattern: /B\.V\.\./, use: 'one full stop after B.V. (endSentence)' },
  { pattern: /\bEmail\b/, use: "'E-mail' ('E-mailtemplates', 'E-mailverificatie')" },
  {
    pattern:
      /(?<![.!?:]\s)(?<!^)\b(Januari|Februari|Maart|April|Mei|Juni|Juli|Augustus|September|Oktober|November|December)\b/,
    use: "month names in lower case ('12 november 2026')",
  },
];
