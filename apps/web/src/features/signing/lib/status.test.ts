import { describe, expect, it } from 'vitest';
import { signingStatuses } from '@paraaf/contract';
import { createTranslate } from '../texts';
import { pageStatus, pollInterval, statusText } from './status';

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

  it('shows sealing in progress (and keeps asking) until the request is sealed', () => {
    const at = (status: 'signed' | 'approved' | 'open', state_id: number) =>
      ({ status, sign_request: { state_id } }) as Parameters<typeof pageStatus>[0];
    expect(pageStatus(at('signed', 60))).toBe('sealing');
    expect(pageStatus(at('signed', 9))).toBe('sealing');
    expect(pageStatus(at('signed', 5))).toBe('signed');
    expect(pageStatus(at('approved', 3))).toBe('approved');
    expect(statusText('sealing').busy).toBe(true);
    expect(createTranslate('nl')(statusText('sealing').title)).toBe(
      'De documenten worden verzegeld',
    );
    expect(pollInterval(at('signed', 60))).toBeGreaterThan(0);
    expect(pollInterval(at('signed', 5))).toBe(false);
    expect(pollInterval(at('open', 3))).toBe(false);
    expect(pollInterval(undefined)).toBe(false);
  });
});
