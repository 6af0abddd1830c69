import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetectedMarker } from '@paraaf/contract';
import { detectionFixtures, type DetectionFixture } from '../../../test/fixtures/detection-pdfs.ts';
import { detectMarkers } from './detect-markers.ts';
import { preparePdf } from './prepare.ts';
import { closePdfWorkers } from './prepare.ts';

const TOLERANCE = 20;

let fixtures: DetectionFixture[];
beforeAll(async () => {
  fixtures = await detectionFixtures();
});
afterAll(() => closePdfWorkers());

/** The found marker for an expected one: same page and value, every side within 20 pt. */
function near(found: DetectedMarker[], e: DetectionFixture['expected'][number]) {
  return found.find(
    (f) =>
      f.page === e.page &&
      f.value === e.value &&
      Math.abs(f.x - e.x) <= TOLERANCE &&
      Math.abs(f.y - e.y) <= TOLERANCE &&
      Math.abs(f.width - e.width) <= TOLERANCE &&
      Math.abs(f.height - e.height) <= TOLERANCE,
  );
}

describe('field detection on the fixture contracts', () => {
  it('has at least eight fixtures', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(8);
  });

  it('finds each expected box within 20 pt and nothing else', async () => {
    for (const fixture of fixtures) {
      const found = await detectMarkers(await fixture.build());
      const missing = fixture.expected.filter((e) => !near(found, e));
      expect(missing, fixture.name).toEqual([]);
      expect(found, fixture.name).toHaveLength(fixture.expected.length);
      for (const f of found) {
        expect(f.type).toBe('generated');
        expect(f.confidence).toBeGreaterThan(0);
        expect(f.confidence).toBeLessThanOrEqual(1);
      }
    }
  }, 60_000);

  it('names each place after its party and label', async () => {
    const two = fixtures.find((f) => f.name.startsWith('twee kolommen'))!;
    const found = await detectMarkers(await two.build());
    const signature = found.find((f) => f.value === 'signer.2.signature');
    expect(signature?.options.label).toBe('Opdrachtnemer – Handtekening');
    expect(signature?.page).toBe(3);
  });

  it('answers no suggestions when out of time', async () => {
    const long = fixtures.find((f) => f.name.startsWith('lang contract'))!;
    const pdf = await long.build();
    expect(await detectMarkers(pdf, { timeoutMs: 0 })).toEqual([]);
    expect(await detectMarkers(pdf)).toHaveLength(long.expected.length);
  });

  it('finds the same boxes when an upload is checked and searched in one pass', async () => {
    for (const fixture of fixtures) {
      const pdf = Buffer.from(await fixture.build());
      const prepared = await preparePdf(pdf, { detect: true });
      expect(prepared.detectedMarkers, fixture.name).toEqual(await detectMarkers(pdf));
      expect(prepared.pageCount, fixture.name).toBeGreaterThan(0);
      // Without `detect` the check does not search.
      expect((await preparePdf(pdf)).detectedMarkers, fixture.name).toBeUndefined();
    }
  }, 60_000);

  it('answers no suggestions for a file it cannot read', async () => {
    expect(await detectMarkers(new TextEncoder().encode('%PDF-1.7 kapot'))).toEqual([]);
  });
});
