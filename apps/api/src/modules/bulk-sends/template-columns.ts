import {
  bulkSendMessages,
  bulkSignerColumn,
  bulkSignerFields,
  parseGeneratedValue,
  type MarkerConfig,
  type TemplateSignerRouting,
} from '@paraaf/contract';
import { ValidationError } from '../../lib/errors.ts';
import { textMarkerLabel } from '../templates/signable-from-template.ts';

/** What a template asks of each row: its signers and the text markers the sender fills. */
export interface TemplateShape {
  /** 'Ondertekenaar 1' … 'Ondertekenaar n': the highest placeholder the markers name (≥ 1). */
  signers: number;
  /** Signers with a paraph marker: they paraph besides signing. */
  paraphSigners: Set<number>;
  /** One column per label, in the template's order. */
  textLabels: string[];
  /** The template's step and role per placeholder signer (left out: step 1, signer). */
  routing: Map<number, TemplateSignerRouting>;
}

export function templateShape(
  config: MarkerConfig,
  signerRouting: readonly TemplateSignerRouting[] = [],
): TemplateShape {
  let signers = 1;
  const paraphSigners = new Set<number>();
  for (const v of config.variables) {
    const ref = v.type === 'generated' ? parseGeneratedValue(v.value) : null;
    if (!ref) continue;
    signers = Math.max(signers, ref.signer);
    if (ref.kind === 'paraph') paraphSigners.add(ref.signer);
  }
  for (const f of config.fields) signers = Math.max(signers, f.options.signer ?? 1);
  const labels = config.variables
    .map((v, i) => textMarkerLabel(v, i, config.variables))
    .filter((l): l is string => l !== null);
  const routing = new Map(signerRouting.map((r) => [r.signer, r]));
  return { signers, paraphSigners, textLabels: [...new Set(labels)], routing };
}

/** Every column the file may have, in the example file's order; the required ones first. */
export function templateColumns(shape: TemplateShape): { all: string[]; required: string[] } {
  const all: string[] = [];
  const required: string[] = [];
  for (let n = 1; n <= shape.signers; n++) {
    for (const field of bulkSignerFields) {
      all.push(bulkSignerColumn(n, field));
      if (field === 'firstname' || field === 'lastname' || field === 'email') {
        required.push(bulkSignerColumn(n, field));
      }
    }
  }
  all.push(...shape.textLabels, 'subject', 'message');
  return { all, required };
}

/**
 * The file's header matched to the template's columns (names compared without case or outer
 * spaces): the column name of each position. An unknown, doubled or missing column is a 422 on
 * `file`, before anything is stored.
 */
export function matchHeader(header: string[], shape: TemplateShape): string[] {
  const { all, required } = templateColumns(shape);
  const byKey = new Map(all.map((c) => [c.toLowerCase(), c]));
  const seen = new Set<string>();
  const names = header.map((raw) => {
    const name = byKey.get(raw.trim().toLowerCase());
    if (!name) throw ValidationError.field('file', bulkSendMessages.unknownColumn(raw.trim()));
    if (seen.has(name)) throw ValidationError.field('file', bulkSendMessages.duplicateColumn(name));
    seen.add(name);
    return name;
  });
  const missing = required.find((c) => !seen.has(c));
  if (missing) throw ValidationError.field('file', bulkSendMessages.missingColumn(missing));
  return names;
}
