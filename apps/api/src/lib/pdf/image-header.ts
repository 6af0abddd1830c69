/**
 * Reads an image's size in pixels from its header, without decoding a single pixel: PNG from
 * IHDR (and the frame headers of an animated PNG), JPEG from its start-of-frame segments. Uploads
 * are refused on these figures before any decoder allocates width × height × 4 bytes.
 */
export interface ImageHeader {
  kind: 'png' | 'jpeg';
  width: number;
  height: number;
  /** A PNG with an acTL chunk: several frames, each decoded at its own (declared) size. */
  isAnimated: boolean;
}

/** The most pixels an upload may have (50 megapixels); a 20,000 × 20,000 image is 400. */
export const MAX_IMAGE_PIXELS = 50_000_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function readPng(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  const header: ImageHeader = {
    kind: 'png',
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    isAnimated: false,
  };
  // Walk the chunks: an animated PNG declares each frame's size in an fcTL chunk, and the
  // decoder allocates for each. The largest declared frame counts.
  let offset = 8;
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (type === 'acTL') header.isAnimated = true;
    if (type === 'fcTL' && offset + 20 <= bytes.length) {
      const width = bytes.readUInt32BE(offset + 12);
      const height = bytes.readUInt32BE(offset + 16);
      if (width * height > header.width * header.height) {
        header.width = width;
        header.height = height;
      }
    }
    if (type === 'IEND') break;
    offset += 12 + length;
  }
  return header;
}

/** Start-of-frame markers that carry the dimensions (not DHT C4, JPG C8 or DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function readJpeg(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff) return null;
  let found: ImageHeader | null = null;
  let offset = 2;
  // Every frame header before the first scan: a decoder may use any of them, so the largest
  // counts (a small first SOF must not hide a huge second one).
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return found;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return found; // end of image or start of the scan
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return found;
    if (SOF.has(marker) && offset + 9 <= bytes.length) {
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      if (!found || width * height > found.width * found.height) {
        found = { kind: 'jpeg', width, height, isAnimated: false };
      }
    }
    offset += 2 + length;
  }
  return found;
}

/** The header of a PNG or JPEG, or null when `bytes` is neither (or has no size in it). */
export function readImageHeader(bytes: Buffer): ImageHeader | null {
  return readPng(bytes) ?? readJpeg(bytes);
}
