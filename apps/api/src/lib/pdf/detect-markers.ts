import type { DetectedMarker } from '@paraaf/contract';
import { DETECT_TIMEOUT_MS, workerPool } from './prepare.ts';

type DetectAnswer = { ok: true; markers: DetectedMarker[] } | { ok: false };

/**
 * Where the document is signed, as suggested markers (see field-detection.mjs), found in the PDF
 * worker under its limits. Never throws: a document the worker cannot read, a crash or a timeout
 * means no suggestions, so an upload never fails or waits on it. An upload searches in the same
 * pass as its check (`preparePdf` with `detect`); this is for a PDF already checked.
 */
export async function detectMarkers(
  pdf: Uint8Array,
  { timeoutMs = DETECT_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<DetectedMarker[]> {
  const copy = new Uint8Array(pdf);
  try {
    const answer = await workerPool().run<DetectAnswer>({ op: 'detect', bytes: copy, timeoutMs }, [
      copy.buffer,
    ]);
    return answer.ok ? answer.markers : [];
  } catch {
    return [];
  }
}
