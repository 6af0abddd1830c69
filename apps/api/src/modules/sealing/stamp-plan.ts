import {
  dateMarkerFormats,
  displayFieldValue,
  MIN_FONT_SIZE,
  parseChoiceList,
  type DateMarkerFormat,
} from '@paraaf/contract';
import { formatDutchDateTime, formatMarkerDate } from '../../lib/pdf/audit-certificate.ts';
import type { StampItem } from '../../lib/pdf/stamp.ts';

/** A marker or field as stored in signables.config (seed 000 §3); only what stamping reads. */
interface StoredBox {
  x: number;
  y: number;
  width: number;
  height: number;
  page: number;
  type: string;
  value?: string | null;
  options?: Record<string, unknown>;
}

export interface PlanSigner {
  id: number;
  /** 1-based: the n of `signer.{n}.*`. */
  position: number;
  firstname: string;
  lastname: string;
  signedAt: Date | null;
  verifications: number[];
  fieldValues: Record<string, string | null>;
  hasSignature: boolean;
  hasParaph: boolean;
}

export interface PlanSignable {
  id: number;
  pages: { width: number; height: number }[];
  config: { variables: unknown[]; fields: unknown[] };
}

const SIGNER_REF = /^signer\.(\d+)\.(name|date|signature|paraph)$/;
const PARAPH_VERIFICATION = 6;
/** The corner paraph of a signer without paraph markers (points). */
export const CORNER_PARAPH = { width: 60, height: 30, margin: 12, gap: 6 };

function asBox(raw: unknown): StoredBox | null {
  if (!raw || typeof raw !== 'object') return null;
  const b = raw as Record<string, unknown>;
  const nums = ['x', 'y', 'width', 'height', 'page'].map((k) => Number(b[k]));
  if (nums.some((n) => !Number.isFinite(n)) || nums[2]! <= 0 || nums[3]! <= 0) return null;
  return {
    x: nums[0]!,
    y: nums[1]!,
    width: nums[2]!,
    height: nums[3]!,
    page: nums[4]!,
    type: typeof b.type === 'string' ? b.type : '',
    value: typeof b.value === 'string' ? b.value : null,
    options:
      b.options && typeof b.options === 'object' ? (b.options as Record<string, unknown>) : {},
  };
}

/** A generated marker's signer reference: in `value`, or in options.value/options.signer. */
function signerRef(box: StoredBox): { position: number; what: string } | null {
  const candidates = [box.value, box.options?.value, box.options?.signer, box.options?.generated];
  for (const c of candidates) {
    const m = typeof c === 'string' ? SIGNER_REF.exec(c.trim()) : null;
    if (m) return { position: Number(m[1]), what: m[2]! };
  }
  return null;
}

/** The marker's own font size (points, at least the minimum), if it has one. */
function fontSizeOf(box: StoredBox): { fontSize?: number } {
  const n = Number(box.options?.fontSize);
  return Number.isFinite(n) && n > 0 ? { fontSize: Math.max(MIN_FONT_SIZE, n) } : {};
}

function dateFormatOf(box: StoredBox): DateMarkerFormat | undefined {
  const f = box.options?.format;
  return (dateMarkerFormats as readonly unknown[]).includes(f)
    ? (f as DateMarkerFormat)
    : undefined;
}

const CHECKED = new Set(['1', 'true', 'on', 'yes', 'ja', 'checked']);

/**
 * The stamps for one document: input field values, text/date/check markers, and the generated
 * markers of every signer (name, date, signature, paraph). A signer who paraphs (verification 6)
 * but has no paraph marker in this document gets the paraph in the bottom-right corner of
 * every page; a signature without a marker appears on the audit certificate only.
 */
export function stampPlan(
  signable: PlanSignable,
  signers: PlanSigner[],
  completedAt: Date,
): StampItem[] {
  const items: StampItem[] = [];
  const byPosition = new Map(signers.map((s) => [s.position, s]));

  (signable.config.fields ?? []).forEach((raw, index) => {
    const box = asBox(raw);
    if (!box) return;
    const key = `${signable.id}:${index}`;
    const value =
      box.type === 'label'
        ? ''
        : signers
            .map((s) => s.fieldValues[key])
            .find((v) => v !== undefined && v !== null && v !== '');
    if (value === undefined || value === null) return;
    if (box.type === 'checkbox') {
      if (CHECKED.has(value.trim().toLowerCase())) items.push({ kind: 'check', ...box });
      return;
    }
    // A radio or checkbox group: every option with a box, ticked where chosen, as on the page.
    const options = box.options?.choices;
    if ((box.type === 'radio' || box.type === 'checkbox_group') && Array.isArray(options)) {
      const choices = options.filter((o): o is string => typeof o === 'string');
      const chosen = box.type === 'radio' ? [value] : parseChoiceList(value);
      if (choices.length > 0) items.push({ kind: 'choices', ...box, options: choices, chosen });
      return;
    }
    // Dates and numbers in Dutch, the chosen options, an attachment by its file name.
    const shown = displayFieldValue(box, value);
    if (!shown) return;
    const text = box.type === 'attachment' ? `Bijlage: ${shown}` : shown;
    items.push({ kind: 'text', text, ...box, ...fontSizeOf(box) });
  });

  const paraphMarked = new Set<number>();
  for (const raw of signable.config.variables ?? []) {
    const box = asBox(raw);
    if (!box) continue;
    if (box.type === 'text') {
      if (box.value) items.push({ kind: 'text', text: box.value, ...box, ...fontSizeOf(box) });
    } else if (box.type === 'date') {
      items.push({
        kind: 'text',
        text: formatMarkerDate(completedAt, dateFormatOf(box)),
        ...box,
        ...fontSizeOf(box),
      });
    } else if (box.type === 'checkbox_checked') {
      items.push({ kind: 'check', ...box });
    } else if (box.type === 'generated') {
      const ref = signerRef(box);
      const signer = ref ? byPosition.get(ref.position) : undefined;
      if (!ref || !signer) continue;
      if (ref.what === 'name') {
        items.push({
          kind: 'text',
          text: `${signer.firstname} ${signer.lastname}`,
          ...box,
          ...fontSizeOf(box),
        });
      } else if (ref.what === 'date') {
        if (signer.signedAt)
          items.push({
            kind: 'text',
            text: formatDutchDateTime(signer.signedAt),
            ...box,
            ...fontSizeOf(box),
          });
      } else if (ref.what === 'signature') {
        if (signer.hasSignature)
          items.push({ kind: 'image', image: `signature:${signer.id}`, ...box });
      } else {
        paraphMarked.add(signer.id);
        if (signer.hasParaph) items.push({ kind: 'image', image: `paraph:${signer.id}`, ...box });
      }
    }
  }

  // Corner paraphs, right to left in signer order, on every page.
  const corner = signers.filter(
    (s) => s.hasParaph && s.verifications.includes(PARAPH_VERIFICATION) && !paraphMarked.has(s.id),
  );
  signable.pages.forEach((size, i) => {
    corner.forEach((signer, k) => {
      const { width, height, margin, gap } = CORNER_PARAPH;
      items.push({
        kind: 'image',
        image: `paraph:${signer.id}`,
        page: i + 1,
        x: size.width - margin - width - k * (width + gap),
        y: size.height - margin - height,
        width,
        height,
      });
    });
  });
  return items;
}
