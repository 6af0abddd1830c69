import type { DetectedMarker } from '@paraaf/contract';
import { workerPool } from './prepare.ts';

/**
 * Past this the search gives up (no suggestions), well inside the worker's own 30 s limit: an
 * upload waits for it at most this long. A 100-page contract takes about half a second.
 */
const DETECT_TIMEOUT_MS = 10_000;

type DetectAnswer = { ok: true; markers: DetectedMarker[] } | { ok: false };

/**
 * Where the document is signed, as suggested markers (see field-detection.mjs), found in the PDF
 * worker under its limits. Never throws: a document the worker cannot read, a crash or a timeout
 * means no suggestions, so an upload never fails or waits on it.
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
