import type { SigningPage } from '@paraaf/contract';
import { de } from './de';
import { en } from './en';
import { fr } from './fr';
import { nl, type TextKey } from './nl';

export type { TextKey };
export type SignerLocale = SigningPage['locale'];

export const signerLocales = ['nl', 'en', 'de', 'fr'] as const satisfies readonly SignerLocale[];

export const localeNames: Record<SignerLocale, string> = {
  nl: 'Nederlands',
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
};

export const textTables: Record<SignerLocale, Record<TextKey, string>> = { nl, en, de, fr };

export type Translate = (key: TextKey, vars?: Record<string, string | number>) => string;

export function isSignerLocale(value: unknown): value is SignerLocale {
  return typeof value === 'string' && (signerLocales as readonly string[]).includes(value);
}

/** `t(key, { name })` in one language; `{name}` placeholders are filled in, unknown ones kept. */
export function createTranslate(locale: SignerLocale): Translate {
  const table = textTables[locale];
  return (key, vars) => {
    const text = table[key] ?? nl[key];
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in vars ? String(vars[name]) : whole,
    );
  };
}

/** Whether a string built at run time (e.g. from an iDIN attribute name) is a known text key. */
export function isTextKey(key: string): key is TextKey {
  return Object.hasOwn(nl, key);
}
