import { describe, expect, it } from 'vitest';
import { signingStatuses } from '@paraaf/contract';
import { createTranslate } from '../texts';
import { statusText } from './status';

describe('status → text', () => {
  it('maps an unexpected value and a 404 to the unknown-link page', () => {
    expect(statusText('whatever')).toEqual(statusText('unknown'));
    expect(statusText('unknown').title).toBe('status.unknown.title');
    expect(statusText('unknown').tone).toBe('error');
  });

  it('gives every closed status its own title and body', () => {
    const closed = signingStatuses.filter((s) => s !== 'open');
    const titles = new Set(closed.map((s) => statusText(s).title));
    expect(titles.size).toBe(closed.length);
    for (const s of closed) {
      expect(statusText(s).title).toBe(`status.${s}.title`);
      expect(statusText(s).body).toBe(`status.${s}.body`);
    }
  });

  it('offers downloads only once the request is signed', () => {
    expect(statusText('signed').showDocuments).toBe(true);
    for (const s of ['approved', 'declined', 'cancelled', 'expired', 'purged', 'not_your_turn'])
      expect(statusText(s).showDocuments).toBe(false);
  });

  it('reads in the signer’s language', () => {
    const s = statusText('expired');
    expect(createTranslate('nl')(s.title)).toBe('Deze link is verlopen');
    expect(createTranslate('en')(s.title)).toBe('This link has expired');
    expect(createTranslate('de')(s.title)).toBe('Dieser Link ist abgelaufen');
    expect(createTranslate('fr')(s.title)).toBe('Ce lien a expiré');
  });
});
