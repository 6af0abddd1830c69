/** The kinds of upload the product accepts, decided by content (magic bytes), never by name. */
export type FileKind = 'pdf' | 'png' | 'jpeg' | 'doc' | 'docx';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL_HEADER = 0x04034b50;
const ZIP_END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP_CENTRAL_HEADER = 0x02014b50;

function startsWith(bytes: Uint8Array, magic: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + magic.length) return false;
  return magic.every((b, i) => bytes[offset + i] === b);
}

/**
 * `%PDF-` as the very first bytes. Readers accept it anywhere in the first 1024 bytes, but what
 * precedes it can be an HTML page (a polyglot) that a browser renders if the file is ever served
 * or saved under another type; documents are stored as uploaded, so such a file is refused.
 */
function isPdf(bytes: Buffer): boolean {
  return bytes.toString('latin1', 0, 5) === '%PDF-';
}

/** An OLE2 compound file holding a `WordDocument` stream (not an .xls, .ppt or .msi). */
function isWordBinary(bytes: Buffer): boolean {
  if (!startsWith(bytes, OLE2_MAGIC)) return false;
  return bytes.indexOf(Buffer.from('WordDocument', 'utf16le')) !== -1;
}

export interface ZipEntry {
  name: string;
  /** As the central directory declares it; 0xffffffff means "see the ZIP64 record". */
  uncompressedSize: number;
}

/** The entries of a ZIP archive, read from its central directory; null when not a ZIP. */
export function zipEntries(bytes: Buffer, maxEntries = 10_000): ZipEntry[] | null {
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== ZIP_LOCAL_HEADER) return null;
  // The end-of-central-directory record sits in the last 22 bytes plus an optional comment.
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= stop; i--) {
    if (bytes.readUInt32LE(i) === ZIP_END_OF_CENTRAL_DIRECTORY) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < Math.min(count, maxEntries); n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== ZIP_CENTRAL_HEADER)
      return null;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > bytes.length) return null;
    entries.push({
      name: bytes.toString('utf8', offset + 46, offset + 46 + nameLength),
      uncompressedSize: bytes.readUInt32LE(offset + 24),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Names of the entries of a ZIP archive; null when not a ZIP. */
export function zipEntryNames(bytes: Buffer, maxEntries = 10_000): string[] | null {
  return zipEntries(bytes, maxEntries)?.map((e) => e.name) ?? null;
}

/**
 * What a ZIP declares it unpacks to, in bytes (Infinity for ZIP64 sizes, which no Word
 * document needs); a DOCX that declares gigabytes is a zip bomb for the converter.
 */
export function zipUncompressedSize(bytes: Buffer): number {
  let total = 0;
  for (const entry of zipEntries(bytes) ?? []) {
    if (entry.uncompressedSize === 0xffffffff) return Infinity;
    total += entry.uncompressedSize;
  }
  return total;
}

/** The kind of a file from its bytes, or null when it is none of the accepted kinds. */
export function detectFileKind(bytes: Buffer): FileKind | null {
  if (isPdf(bytes)) return 'pdf';
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (isWordBinary(bytes)) return 'doc';
  if (zipEntryNames(bytes)?.includes('word/document.xml')) return 'docx';
  return null;
}
