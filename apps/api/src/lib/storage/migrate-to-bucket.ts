import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Storage } from './storage.ts';

export interface MigrateSummary {
  /** Files under the source. */
  files: number;
  copied: number;
  /** Already in the bucket with the same SHA-256 (an earlier run). */
  skipped: number;
  /** Copied but read back with another SHA-256 (removed from the bucket again), or failed. */
  failed: string[];
  bytesCopied: number;
}

/** Files copied at once: uploads overlap, memory stays a few parts per file. */
const AT_ONCE = 4;

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/**
 * Copies every file of `source` (DATA_DIR/files) to `target` (the bucket), streamed. Resumable:
 * a file already in the bucket with the SHA-256 recorded at its upload and the same size is
 * skipped. Each copied object is read back and its SHA-256 compared with the file's; a
 * mismatch is removed from the bucket and reported. The source is never changed.
 */
export async function migrateToBucket(
  source: Storage,
  target: Storage,
  progress: (line: string) => void,
): Promise<MigrateSummary> {
  const summary: MigrateSummary = { files: 0, copied: 0, skipped: 0, failed: [], bytesCopied: 0 };
  const keys = source.list('')[Symbol.asyncIterator]();
  const report = () => {
    if (summary.files % 100 === 0)
      progress(
        `${summary.files} bestanden: ${summary.copied} gekopieerd, ${summary.skipped} al aanwezig, ${summary.failed.length} mislukt`,
      );
  };
  const copyOne = async (key: string) => {
    const local = await sha256Of(await source.getStream(key));
    const present = await target.head(key);
    if (present && present.sha256 === local.sha256 && present.size === local.size) {
      summary.skipped += 1;
      return;
    }
    await target.putStream(key, await source.getStream(key), { sha256: local.sha256 });
    const uploaded = await sha256Of(await target.getStream(key));
    if (uploaded.sha256 !== local.sha256 || uploaded.size !== local.size) {
      await target.delete(key);
      throw new Error('SHA-256 in de bucket wijkt af van het bestand');
    }
    summary.copied += 1;
    summary.bytesCopied += local.size;
  };
  const worker = async () => {
    for (let next = await keys.next(); !next.done; next = await keys.next()) {
      const key = next.value;
      try {
        await copyOne(key);
      } catch (error) {
        summary.failed.push(key);
        progress(`MISLUKT ${key}: ${(error as Error).message}`);
      }
      summary.files += 1;
      report();
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return summary;
}
