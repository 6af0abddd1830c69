import { describe, expect, it } from 'vitest';
import { formatMarkerDate } from '../../lib/pdf/audit-certificate.ts';
import { stampPlan, type PlanSigner } from './stamp-plan.ts';

const completedAt = new Date('2026-03-02T08:05:00Z'); // 09:05 in Amsterdam (CET)
const signer: PlanSigner = {
  id: 7,
  position: 1,
  firstname: 'Sanne',
  lastname: 'de Vries',
  signedAt: completedAt,
  verifications: [1, 5],
  fieldValues: { '3:0': 'Kenmerk PX-4471' },
  hasSignature: true,
  hasParaph: false,
};
const box = { page: 1, x: 10, y: 20, width: 150, height: 30 };

function plan(variables: unknown[], fields: unknown[] = []) {
  return stampPlan(
    { id: 3, pages: [{ width: 595, height: 842 }], config: { variables, fields } },
    [signer],
    completedAt,
  );
}

describe('formatMarkerDate', () => {
  it('writes each date format in Dutch time', () => {
    expect(formatMarkerDate(completedAt)).toBe('02-03-2026');
    expect(formatMarkerDate(completedAt, 'DD-MM-YYYY HH:mm')).toBe('02-03-2026 09:05');
    expect(formatMarkerDate(completedAt, 'D MMMM YYYY')).toBe('2 maart 2026');
    expect(formatMarkerDate(completedAt, 'YYYY-MM-DD')).toBe('2026-03-02');
    expect(formatMarkerDate(completedAt, 'DD/MM/YYYY')).toBe('02/03/2026');
  });
});

describe('stampPlan', () => {
  it('stamps a date marker in its own format and a text marker at its own font size', () => {
    const items = plan([
      { ...box, type: 'date', value: null, options: { format: 'D MMMM YYYY' } },
      { ...box, type: 'text', value: 'Huurder', options: { fontSize: 14 } },
      { ...box, type: 'text', value: 'Klein', options: { fontSize: 5 } },
    ]);
    expect(items).toMatchObject([
      { kind: 'text', text: '2 maart 2026' },
      { kind: 'text', text: 'Huurder', fontSize: 14 },
      // Never below the minimum font size of 8 (seed 000 §9), whatever was stored.
      { kind: 'text', text: 'Klein', fontSize: 8 },
    ]);
  });

  it("stamps the signer's generated markers and input field values at their boxes", () => {
    const items = plan(
      [
        { ...box, type: 'generated', value: 'signer.1.name', options: {} },
        { ...box, y: 100, type: 'generated', value: 'signer.1.signature', options: {} },
        { ...box, type: 'generated', value: 'signer.2.name', options: {} },
      ],
      [{ ...box, y: 300, type: 'text', options: { signer: 1, rules: ['required'] } }],
    );
    expect(items).toEqual([
      expect.objectContaining({ kind: 'text', text: 'Kenmerk PX-4471', y: 300 }),
      expect.objectContaining({ kind: 'text', text: 'Sanne de Vries' }),
      expect.objectContaining({ kind: 'image', image: 'signature:7', y: 100 }),
    ]);
  });
});
