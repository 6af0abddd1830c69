// RGBA PNGs as the signature pad sends them, for the benches and the tests that drive the product
// over HTTP. One writer: a plain PNG is three chunks with a CRC each.
import { crc32, deflateSync } from 'node:zlib';

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA PNG whose rows `rowAt(y)` gives (each `1 + width * 4` bytes, filter byte 0). */
function rgbaPng(width, height, rowAt) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6; // RGBA, like a drawn signature
  const raw = Buffer.concat(Array.from({ length: height }, (_, y) => rowAt(y)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG of one grey shade (every byte `shade`), as bytes. */
export function shadedPng(width, height, shade) {
  const row = Buffer.alloc(1 + width * 4, shade);
  row[0] = 0;
  return rgbaPng(width, height, () => row);
}

/** A drawn signature as the signature pad sends it: 300 × 100, one dark stroke, as a data URL. */
export function signatureDataUrl() {
  const [width, height] = [300, 100];
  const png = rgbaPng(width, height, (y) => {
    const row = Buffer.alloc(1 + width * 4);
    if (y >= 48 && y < 52) for (let x = 20; x < 280; x++) row.writeUInt32BE(0x202060ff, 1 + x * 4);
    return row;
  });
  return `data:image/png;base64,${png.toString('base64')}`;
}
