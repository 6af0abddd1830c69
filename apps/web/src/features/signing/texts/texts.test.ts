import { describe, expect, it } from 'vitest';
import {
  fieldIssueKeys,
  fieldIssueText,
  fieldIssueTexts,
  signingStatuses,
  signingStepTypes,
} from '@paraaf/contract';
import { createTranslate, isSignerLocale, signerLocales, textTables } from './index';
import { nl } from './nl';
import { stepLabel } from '../components/steps';

describe('signer page texts', () => {
  const reference = Object.keys(nl).sort();

  it.each(signerLocales)('%s has exactly the keys of nl, none empty', (locale) => {
    const table = textTables[locale];
    expect(Object.keys(table).sort()).toEqual(reference);
    for (const [key, text] of Object.entries(table)) expect(text.trim(), key).not.toBe('');
  });

  it.each(signerLocales)('%s keeps the placeholders of nl', (locale) => {
    const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    for (const key of reference as (keyof typeof nl)[]) {
      expect(placeholders(textTables[locale][key]), `${locale} ${key}`).toEqual(
        placeholders(nl[key]),
      );
    }
  });

  it('translations differ from Dutch (no copied table)', () => {
    for (const locale of ['en', 'de', 'fr'] as const) {
      expect(textTables[locale]['approve.button']).not.toBe(nl['approve.button']);
      expect(textTables[locale]['status.expired.title']).not.toBe(nl['status.expired.title']);
    }
  });

  it('has a title and body for every closed status and a label for every step', () => {
    const t = createTranslate('nl');
    for (const status of signingStatuses.filter((s) => s !== 'open')) {
      expect(t(`status.${status}.title` as keyof typeof nl)).not.toMatch(/^status\./);
    }
    for (const step of signingStepTypes) expect(t(stepLabel[step])).toBeTruthy();
  });

  it('fills in placeholders and leaves unknown ones', () => {
    const t = createTranslate('en');
    expect(t('page.pageOf', { page: 2, count: 10 })).toBe('Page 2 of 10');
    expect(t('page.pageOf', { page: 2 })).toBe('Page 2 of {count}');
    expect(createTranslate('nl')('approve.button')).toBe('Akkoord en ondertekenen');
    expect(createTranslate('nl')('code.sendEmail')).toBe('Code versturen');
  });

  it.each(signerLocales)('%s says every field validation message of the contract', (locale) => {
    const table: Record<string, string> = textTables[locale];
    for (const key of fieldIssueKeys) {
      const text = table[`fieldError.${key}`];
      expect(text, `${locale} fieldError.${key}`).toBeTruthy();
      // Dutch is the server's own text; the other languages are translations of it.
      if (locale === 'nl') expect(text).toBe(fieldIssueTexts[key]);
      else expect(text, `${locale} fieldError.${key}`).not.toBe(fieldIssueTexts[key]);
    }
  });

  it('fills in a field message like the server does', () => {
    const below = { key: 'below', vars: { min: '1.000,50' } } as const;
    expect(createTranslate('nl')('fieldError.below', below.vars)).toBe(fieldIssueText(below));
    expect(createTranslate('en')('fieldError.below', below.vars)).toBe(
      'The number must be at least 1.000,50',
    );
  });

  it('recognises only the four locales', () => {
    expect(isSignerLocale('fr')).toBe(true);
    expect(isSignerLocale('es')).toBe(false);
    expect(isSignerLocale(undefined)).toBe(false);
  });
});
