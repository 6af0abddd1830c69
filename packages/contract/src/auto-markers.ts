import { generatedValue, parseGeneratedValue, type Variable } from './markers.ts';

/**
 * Signatures and initials that a request would otherwise carry only on its audit certificate.
 * A signer who signs (verification 5) with no signature marker on any document gets one at the
 * foot of the last page of the last document, one box per signer side by side, with the name
 * under it; a signer who paraphs (6) gets initials in the margin of every page of each document
 * without a paraph marker of theirs. The server places them when the request is sent (for API
 * clients too); the wizard uses the same rule to warn first.
 */

const SIGNATURE = 5;
const PARAPH = 6;

export const AUTO_SIGNATURE = { width: 150, height: 50, nameHeight: 12, gap: 12, margin: 36 };
export const AUTO_PARAPH = { width: 60, height: 30, margin: 12, gap: 6 };

interface AutoSigner {
  position: number;
  verifications: readonly number[];
}
interface AutoDocument {
  pages: readonly { width: number; height: number }[];
  config: { variables?: readonly unknown[] };
}

function markedSigners(doc: AutoDocument, kind: 'signature' | 'paraph'): Set<number> {
  const found = new Set<number>();
  for (const raw of doc.config.variables ?? []) {
    const v = raw as Partial<Variable> | null;
    if (v?.type !== 'generated') continue;
    const ref = parseGeneratedValue(typeof v.value === 'string' ? v.value.trim() : null);
    if (ref?.kind === kind) found.add(ref.signer);
  }
  return found;
}

/** The signers (positions) who sign but have no signature marker on any document. */
export function signersWithoutSignatureMarker(
  documents: readonly AutoDocument[],
  signers: readonly AutoSigner[],
): number[] {
  const marked = new Set(documents.flatMap((d) => [...markedSigners(d, 'signature')]));
  return signers
    .filter((s) => s.verifications.includes(SIGNATURE) && !marked.has(s.position))
    .map((s) => s.position);
}

/**
 * The markers to add, per document index: the missing signatures on the last document's last
 * page (rows of boxes upwards from the foot) and the missing initials on every page.
 */
export function autoMarkers(
  documents: readonly AutoDocument[],
  signers: readonly AutoSigner[],
): Variable[][] {
  const added: Variable[][] = documents.map(() => []);
  const last = documents.length - 1;
  const lastDoc = documents[last];
  const missing = signersWithoutSignatureMarker(documents, signers);
  if (lastDoc && lastDoc.pages.length > 0 && missing.length > 0) {
    const page = lastDoc.pages.length;
    const size = lastDoc.pages[page - 1]!;
    const { width, height, nameHeight, gap, margin } = AUTO_SIGNATURE;
    const perRow = Math.max(1, Math.floor((size.width - 2 * margin + gap) / (width + gap)));
    const boxWidth = Math.min(width, size.width - 2 * margin);
    missing.forEach((position, i) => {
      const row = Math.floor(i / perRow);
      const x = margin + (i % perRow) * (boxWidth + gap);
      const bottom = size.height - margin - row * (height + nameHeight + gap);
      const y = Math.max(0, bottom - nameHeight - height);
      added[last]!.push(
        {
          type: 'generated',
          value: generatedValue(position, 'signature'),
          page,
          x,
          y,
          width: boxWidth,
          height,
          options: {},
        },
        {
          type: 'generated',
          value: generatedValue(position, 'name'),
          page,
          x,
          y: y + height,
          width: boxWidth,
          height: nameHeight,
          options: { fontSize: 8 },
        },
      );
    });
  }
  documents.forEach((doc, d) => {
    const marked = markedSigners(doc, 'paraph');
    const paraphing = signers.filter(
      (s) => s.verifications.includes(PARAPH) && !marked.has(s.position),
    );
    doc.pages.forEach((size, p) => {
      paraphing.forEach((signer, k) => {
        const { width, height, margin, gap } = AUTO_PARAPH;
        added[d]!.push({
          type: 'generated',
          value: generatedValue(signer.position, 'paraph'),
          page: p + 1,
          x: Math.max(0, size.width - margin - width - k * (width + gap)),
          y: Math.max(0, size.height - margin - height),
          width,
          height,
          options: {},
        });
      });
    });
  });
  return added;
}
