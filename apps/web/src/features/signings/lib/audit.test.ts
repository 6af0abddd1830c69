import { describe, expect, it } from 'vitest';
import { auditActionTypes } from '@paraaf/contract';
import { auditBadge, badgeColour } from './audit';

describe('audit badges', () => {
  it('maps the seed colours to Mantine colours', () => {
    expect(badgeColour('info', 'teal')).toBe('blue');
    expect(badgeColour('primary', 'teal')).toBe('teal');
    expect(badgeColour('success', 'teal')).toBe('green');
    expect(badgeColour('warning', 'teal')).toBe('orange');
    expect(badgeColour(undefined, 'teal')).toBe('gray');
  });

  it('labels and colours every type of seed 000 §4', () => {
    expect(auditBadge({ type: 1 }, 'teal')).toEqual({ label: 'Verstuurd', color: 'blue' });
    expect(auditBadge({ type: 2 }, 'teal')).toEqual({ label: 'Geopend', color: 'teal' });
    expect(auditBadge({ type: 3 }, 'teal')).toEqual({ label: 'Goedgekeurd', color: 'green' });
    expect(auditBadge({ type: 4 }, 'teal')).toEqual({ label: 'Afgekeurd', color: 'orange' });
    expect(auditBadge({ type: 13 }, 'teal').color).toBe('orange');
    expect(auditBadge({ type: 18 }, 'teal')).toEqual({
      label: 'Handmatige herinnering verstuurd',
      color: 'blue',
    });
    for (const type of Object.keys(auditActionTypes).map(Number))
      expect(auditBadge({ type }, 'teal').color).not.toBe('gray');
  });

  it("keeps the server's label for an unknown type", () => {
    expect(auditBadge({ type: 99, label: 'Nieuw' }, 'teal')).toEqual({
      label: 'Nieuw',
      color: 'gray',
    });
  });
});
