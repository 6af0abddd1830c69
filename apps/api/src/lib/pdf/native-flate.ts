import { deflateSync } from 'node:zlib';
import { PDFFlateStream, PDFName, PDFRawStream, type PDFDocument } from 'pdf-lib';

/**
 * pdf-lib compresses streams with its JavaScript deflate (pako), which was the larger part of
 * sealing's CPU time (a drawn signature is 600×200 RGB plus its alpha mask, per signer; then a
 * content stream per stamped page). These two make the document use Node's native zlib instead:
 * same filter (/FlateDecode), the same bytes once inflated, only faster to write.
 */

/** Streams the document embeds from now on (images with their masks, fonts): native deflate. */
export function useNativeFlate(doc: PDFDocument): PDFDocument {
  const context = doc.context;
  context.flateStream = (contents, dict = {}): PDFRawStream => {
    const bytes = typeof contents === 'string' ? Buffer.from(contents, 'latin1') : contents;
    return context.stream(deflateSync(bytes), { ...dict, Filter: 'FlateDecode' });
  };
  return doc;
}

const FLATE = PDFName.of('FlateDecode');
const FILTER = PDFName.of('Filter');

/**
 * Just before saving: every stream pdf-lib would deflate itself on save (the pages' content
 * streams, the appended pages' resources) is replaced by the same stream deflated natively.
 */
export function deflateNatively(doc: PDFDocument): void {
  const context = doc.context;
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFFlateStream) || object.dict.get(FILTER) !== FLATE) continue;
    const raw = PDFRawStream.of(object.dict, deflateSync(object.getUnencodedContents()));
    context.assign(ref, raw);
  }
}
