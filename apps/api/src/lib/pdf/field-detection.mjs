// Finds where a document is signed: labels ('Handtekening', 'Naam', 'Datum', 'Paraaf' and their
// en/de/fr forms), the lines beside them (underscores or dots in the text, drawn horizontal
// lines), AcroForm signature fields, and the party blocks they stand in, headed by a party name
// ('Opdrachtgever', 'Huurder', …). Blocks go to signers in reading order (rows top to bottom, in
// a row left to right; a party named again goes to the same signer). Runs inside the PDF worker
// thread (pdf-worker.mjs) with pdf.js's Node build; plain JavaScript like the worker.
//
// Output boxes are PDF points from the displayed page's TOP-left, like every stored marker.

/** How many pages are looked at; past this a document gets no more suggestions. */
const MAX_PAGES = 500;
/** At most this many suggestions (a document's marker cap). */
const MAX_SUGGESTIONS = 500;
const MAX_SIGNERS = 10;

export const SIZES = {
  signature: { height: 50, minWidth: 100, maxWidth: 250 },
  text: { height: 16, minWidth: 80, maxWidth: 200, fontSize: 10 },
  paraph: { height: 30, minWidth: 40, maxWidth: 80 },
};

// Short labels only: a label is the start of a line of at most a few words.
const KINDS = [
  ['paraph', /^(paraaf|parafen|paraph|paraphe|initials|initialen|visa|kurzzeichen)\b/],
  ['date', /^((plaats|place|ort|lieu)( en| and| und| et|,)? )?(datum|date)\b|^le$/],
  [
    'signature',
    /^(handtekening|ondertekening|getekend|ondertekend|signature|signed|sign here|unterschrift|unterzeichnet|signe|signe par)\b/,
  ],
  ['name', /^(naam|name|nom|printed name|voor- en achternaam|nom et prenom|vor- und nachname)\b/],
  ['place', /^(plaats|place|ort|lieu|fait a|gedaan te|getekend te)\b/],
];

// Party names that head a signing block, Dutch first; the first word found names the party.
const PARTY =
  /\b(opdrachtgever|opdrachtnemer|verhuurder|huurder|werkgever|werknemer|verkoper|koper|leverancier|afnemer|klant|aannemer|uitlener|inlener|licentiegever|licentienemer|franchisegever|franchisenemer|schuldeiser|schuldenaar|partij|client|contractor|landlord|tenant|employer|employee|seller|buyer|supplier|customer|licensor|licensee|lessor|lessee|party|auftraggeber|auftragnehmer|vermieter|mieter|arbeitgeber|arbeitnehmer|verkaufer|kaufer|lieferant|kunde|partei|bailleur|locataire|employeur|salarie|vendeur|acheteur|prestataire|fournisseur|mandant|partie)( ?\d+| [a-c]\b)?/;

const plain = (text) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The run of underscores or dots that a value is written on. */
const LINE_RUN = /_{5,}|(?:\.\s?){8,}|…{3,}/g;

// Where in a text item a run starts ('Handtekening: ______' is often one item) follows from the
// widths of its glyphs: a fixed-pitch font's are all equal; otherwise the font's own widths as
// pdf.js loaded them (its Widths, or a standard font's metrics), read once per font. Only when
// pdf.js has none: Helvetica's (per em) for the few characters whose width differs most, any
// other counting as an average letter.
const WIDTHS = { _: 0.556, '.': 0.278, ' ': 0.278, ':': 0.278, i: 0.222, l: 0.222, '…': 1 };
const helveticaWidth = (ch) => WIDTHS[ch] ?? 0.55;
const sameWidth = () => 1;

/** A font's glyph width by character, from the font object pdf.js loaded; null when unknown. */
function fontWidths(font) {
  const map = font?.toUnicode?._map;
  if (!font || font.isType3Font || !Array.isArray(map)) return null;
  const widths = font.widths ?? {};
  const byChar = new Map();
  map.forEach((unicode, code) => {
    if (typeof unicode !== 'string' || byChar.has(unicode)) return;
    const w = widths[code] ?? font.defaultWidth;
    if (w > 0) byChar.set(unicode, w);
  });
  if (byChar.size === 0) return null;
  const average = [...byChar.values()].reduce((a, b) => a + b, 0) / byChar.size;
  return (ch) => byChar.get(ch) ?? average;
}

function multiply(m, n) {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}
const apply = (m, x, y) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];

/** Text items as boxes on the displayed page (top-left origin), with a baseline. */
function textItems(content, view) {
  const out = [];
  for (const item of content.items) {
    if (!item.str || !item.str.trim() || !item.transform) continue;
    const [a, b, c, d, e, f] = item.transform;
    const along = Math.hypot(a, b) || 1;
    const up = Math.hypot(c, d) || 1;
    const size = item.height || up;
    const p0 = apply(view, e, f);
    const p1 = apply(view, e + (item.width * a) / along, f + (item.width * b) / along);
    const p2 = apply(view, e + (size * c) / up, f + (size * d) / up);
    const xs = [p0[0], p1[0], p2[0]];
    const ys = [p0[1], p1[1], p2[1]];
    const style = content.styles?.[item.fontName];
    out.push({
      str: item.str,
      fontName: item.fontName,
      fixedPitch: style?.fontFamily === 'monospace',
      left: Math.min(...xs),
      right: Math.max(...xs),
      top: Math.min(...ys),
      bottom: Math.max(...ys),
      baseline: p0[1],
      size,
      bold: /bold|black|heavy/i.test(`${item.fontName} ${style?.fontFamily ?? ''}`),
    });
  }
  return out;
}

/** Items on one baseline and close together, joined into segments (a column's line). */
function segments(items) {
  items.sort((p, q) => p.baseline - q.baseline || p.left - q.left);
  const rows = [];
  for (const item of items) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0].baseline - item.baseline) <= 0.3 * item.size) row.push(item);
    else rows.push([item]);
  }
  const out = [];
  for (const row of rows) {
    row.sort((p, q) => p.left - q.left);
    let seg = null;
    for (const item of row) {
      const gap = seg ? item.left - seg.right : Infinity;
      if (seg && gap <= Math.max(2, 1.2 * item.size)) {
        if (gap > 0.15 * item.size && !seg.text.endsWith(' ')) seg.text += ' ';
        seg.parts.push({ item, start: seg.text.length });
        seg.text += item.str;
        seg.right = Math.max(seg.right, item.right);
        seg.top = Math.min(seg.top, item.top);
        seg.bottom = Math.max(seg.bottom, item.bottom);
        seg.bold &&= item.bold;
      } else {
        seg = {
          text: item.str,
          parts: [{ item, start: 0 }],
          left: item.left,
          right: item.right,
          top: item.top,
          bottom: item.bottom,
          baseline: item.baseline,
          size: item.size,
          bold: item.bold,
        };
        out.push(seg);
      }
    }
  }
  return out;
}

/** The text item of a segment that character `index` of its text is in, and where it starts. */
function partAt(seg, index) {
  let part = seg.parts[0];
  for (const p of seg.parts) if (p.start <= index) part = p;
  return part;
}

/** Where character `index` of a segment's text starts, from its item's glyph widths. */
function xAt(seg, index, fonts) {
  const { item, start } = partAt(seg, index);
  const widthOf = item.fixedPitch ? sameWidth : (fonts.get(item.fontName) ?? helveticaWidth);
  const chars = [...item.str];
  const total = chars.reduce((sum, ch) => sum + widthOf(ch), 0) || 1;
  const upto = chars
    .slice(0, Math.max(0, Math.min(chars.length, index - start)))
    .reduce((sum, ch) => sum + widthOf(ch), 0);
  return item.left + ((item.right - item.left) * upto) / total;
}

/**
 * The fonts whose widths place a run: those of items where a run starts after other text (the
 * label) and that are not fixed-pitch, not read yet.
 */
function fontsToMeasure(segs, fonts) {
  const names = new Set();
  for (const seg of segs) {
    for (const m of seg.text.matchAll(LINE_RUN)) {
      for (const index of [m.index, m.index + m[0].length]) {
        const { item, start } = partAt(seg, index);
        if (index > start && index < start + item.str.length && !item.fixedPitch)
          if (!fonts.has(item.fontName)) names.add(item.fontName);
      }
    }
  }
  return names;
}

/** Underscore or dot runs in the text, as lines: where a value is written. */
function textLines(segs, fonts) {
  const lines = [];
  for (const seg of segs) {
    for (const m of seg.text.matchAll(LINE_RUN)) {
      const left = xAt(seg, m.index, fonts);
      const right =
        m.index + m[0].length >= seg.text.length
          ? seg.right
          : xAt(seg, m.index + m[0].length, fonts);
      if (right - left < 30) continue;
      lines.push({ left, right, y: seg.baseline + 0.1 * seg.size, seg, start: m.index });
    }
  }
  return lines;
}

/** Horizontal strokes and hairline rectangles of the page's content, 40 pt or longer. */
async function drawnLines(page, view, OPS) {
  const list = await page.getOperatorList();
  const lines = [];
  const stack = [];
  let ctm = [1, 0, 0, 1, 0, 0];
  for (let i = 0; i < list.fnArray.length; i++) {
    const fn = list.fnArray[i];
    const args = list.argsArray[i];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (fn === OPS.transform) ctm = multiply(ctm, args);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      if (Array.isArray(args?.[0])) ctm = multiply(ctm, args[0]);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (fn === OPS.constructPath) {
      const path = args?.[1]?.[0];
      if (!path || typeof path.length !== 'number') continue;
      const matrix = multiply(view, ctm);
      let points = [];
      const flush = () => {
        if (points.length >= 2) {
          const xs = points.map((p) => p[0]);
          const ys = points.map((p) => p[1]);
          const width = Math.max(...xs) - Math.min(...xs);
          const height = Math.max(...ys) - Math.min(...ys);
          if (width >= 40 && height <= 3) {
            lines.push({ left: Math.min(...xs), right: Math.max(...xs), y: Math.max(...ys) });
          }
        }
        points = [];
      };
      for (let k = 0; k < path.length;) {
        const op = path[k];
        if (op === 0) {
          flush();
          points.push(apply(matrix, path[k + 1], path[k + 2]));
          k += 3;
        } else if (op === 1) {
          points.push(apply(matrix, path[k + 1], path[k + 2]));
          k += 3;
        } else if (op === 2) {
          points = [];
          k += 7;
        } else if (op === 3) {
          points = [];
          k += 5;
        } else k += 1; // closePath
      }
      flush();
    }
  }
  return lines;
}

/** The label a segment starts with: its kind and its text, or null. */
function labelOf(seg) {
  const run = seg.text.search(/_{3,}|(?:\.\s?){5,}|…/);
  const head = (run >= 0 ? seg.text.slice(0, run) : seg.text).replace(/[:\s]+$/, '').trim();
  const norm = plain(head).replace(/:/g, '');
  if (!norm || norm.length > 40 || norm.split(' ').length > 5) return null;
  for (const [kind, pattern] of KINDS) {
    if (pattern.test(norm)) return { kind, text: head, norm, run };
  }
  return null;
}

/** A party name a segment stands for ('Opdrachtnemer:', 'Namens de Huurder'), or null. */
function partyOf(seg) {
  const norm = plain(seg.text).replace(/[:_.]/g, '').trim();
  if (!norm || norm.length > 50 || norm.split(' ').length > 6) return null;
  const m = PARTY.exec(norm);
  return m ? m[0] : null;
}

function clamp(n, lo, hi) {
  return Math.min(hi, Math.max(lo, n));
}

/** The line on a label's own line: its underscores, or a line starting right of it. */
function lineBeside(label, free) {
  const { seg } = label;
  const own = free.find((l) => l.seg === seg && l.start >= (label.run < 0 ? 0 : label.run));
  if (own) return own;
  return free
    .filter(
      (l) =>
        Math.abs(l.y - seg.baseline) <= 0.6 * seg.size + 3 &&
        l.left >= seg.right - 4 &&
        l.left - seg.right <= 160,
    )
    .sort((p, q) => p.left - q.left)[0];
}

/** A line just below the label (room to sign between), else just above it (a caption). */
function lineNear(label, free) {
  const { seg } = label;
  const overlaps = (l) => l.left <= seg.left + 60 && l.right >= seg.left + 10;
  const below = free
    .filter((l) => overlaps(l) && l.y > seg.baseline + 2 && l.y - seg.baseline <= 3 * seg.size + 24)
    .sort((p, q) => p.y - q.y)[0];
  if (below) return below;
  return free
    .filter((l) => overlaps(l) && l.y < seg.top && seg.top - l.y <= 1.5 * seg.size + 8)
    .sort((p, q) => q.y - p.y)[0];
}

/** Each label's line: first those on their own line (for all labels), then those nearby. */
function linesFor(labels, lines) {
  const used = new Set();
  const free = () => lines.filter((l) => !used.has(l));
  const found = labels.map((label) => {
    const line = lineBeside(label, free());
    if (line) used.add(line);
    return line ? { line, confidence: 0.9 } : null;
  });
  labels.forEach((label, i) => {
    if (found[i]) return;
    const line = lineNear(label, free());
    if (line) {
      used.add(line);
      found[i] = { line, confidence: 0.75 };
    }
  });
  return found;
}

function boxOn(kind, line, size, fallback) {
  const spec =
    kind === 'signature' ? SIZES.signature : kind === 'paraph' ? SIZES.paraph : SIZES.text;
  if (line) {
    const width = clamp(line.right - line.left, spec.minWidth, spec.maxWidth);
    const x = clamp(line.left, 0, Math.max(0, size.width - width));
    return { x, y: Math.max(0, line.y - spec.height), width, height: spec.height };
  }
  // No line: right of the label, sitting on its baseline.
  const width = Math.min(spec.minWidth * 1.5, spec.maxWidth);
  const x = clamp(fallback.right + 6, 0, Math.max(0, size.width - width));
  const y = clamp(fallback.baseline + 2 - spec.height, 0, Math.max(0, size.height - spec.height));
  return { x, y, width, height: spec.height };
}

const round = (n) => Math.round(n * 100) / 100;

/** Splits a page's fields into blocks: per column, a new block at a party or a repeated kind. */
function blocksOf(fields, parties) {
  const byLeft = [...fields].sort((p, q) => p.left - q.left);
  const columns = [];
  for (const f of byLeft) {
    const col = columns.at(-1);
    if (col && f.left - col.at(-1).left < 100) col.push(f);
    else columns.push([f]);
  }
  const blocks = [];
  for (const col of columns) {
    col.sort((p, q) => p.top - q.top);
    const left = Math.min(...col.map((f) => f.left));
    const right = Math.max(...col.map((f) => f.right));
    const inColumn = parties.filter((s) => s.left < right + 20 && s.right > left - 20);
    let block = null;
    for (const f of col) {
      const prev = block?.fields.at(-1);
      const partyBetween =
        prev && inColumn.some((s) => s.baseline > prev.bottom && s.baseline < f.top);
      const repeated = block?.fields.some((g) => g.kind === f.kind);
      if (!block || partyBetween || repeated || f.top - prev.bottom > 100) {
        block = { fields: [], left: f.left, top: f.top };
        blocks.push(block);
      }
      block.fields.push(f);
      block.top = Math.min(block.top, f.top);
      block.left = Math.min(block.left, f.left);
    }
    // Its header: the nearest party name above the block in its column.
    for (const b of blocks.filter((x) => col.includes(x.fields[0]))) {
      const header = inColumn
        .filter((s) => s.bottom <= b.top + 2 && b.top - s.bottom <= 160)
        .sort((p, q) => q.bottom - p.bottom)[0];
      if (header) b.party = header.party;
      if (header) b.partyText = header.text.replace(/[:_.]+\s*$/, '').trim();
    }
  }
  // Reading order: rows top to bottom, left to right within a row.
  blocks.sort((p, q) => p.top - q.top);
  const rows = [];
  for (const b of blocks) {
    const row = rows.at(-1);
    if (row && b.top - row[0].top < 40) row.push(b);
    else rows.push([b]);
  }
  return rows.flatMap((row) => row.sort((p, q) => p.left - q.left));
}

/**
 * Suggested markers for a PDF: `{ page, x, y, width, height, type: 'generated', value:
 * 'signer.N.kind', options: { label, fontSize? }, confidence }`.
 */
export async function detectFields(bytes, pdfjs, { timeoutMs = Infinity } = {}) {
  const deadline = performance.now() + timeoutMs;
  const doc = await pdfjs.getDocument({
    data: bytes,
    isEvalSupported: false,
    disableFontFace: true,
    // The fonts' glyph widths (read only where a line's place depends on them).
    fontExtraProperties: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  }).promise;
  try {
    return await detectInDocument(doc, pdfjs, deadline);
  } finally {
    await doc.destroy();
  }
}

async function signatureWidgets(doc) {
  const fields = (await doc.getFieldObjects().catch(() => null)) ?? {};
  const pages = new Set();
  for (const list of Object.values(fields)) {
    for (const f of list) if (f.type === 'signature' && Number.isInteger(f.page)) pages.add(f.page);
  }
  return pages;
}

async function detectInDocument(doc, pdfjs, deadline) {
  const pageCount = Math.min(doc.numPages, MAX_PAGES);
  const sigPages = await signatureWidgets(doc);
  const signers = new Map(); // party key → signer number
  let nextSigner = 1;
  const signerFor = (party) => {
    if (party && signers.has(party)) return signers.get(party);
    if (nextSigner > MAX_SIGNERS) return null;
    const n = nextSigner++;
    if (party) signers.set(party, n);
    return n;
  };
  const out = [];
  const paraphs = [];
  /** Glyph widths per pdf.js font name (null: pdf.js has none), read once per document. */
  const fonts = new Map();
  // Pages are read a few ahead: pdf.js answers through its (in-thread) worker's message queue,
  // so asking early keeps it busy while the previous page is looked at. Normalization (NFKC)
  // is left to plain(), which only the few short lines need.
  const AHEAD = 8;
  const pending = new Map();
  const read = (p) => {
    if (p > pageCount || pending.has(p)) return;
    const reading = doc.getPage(p).then(async (page) => ({
      page,
      content: await page.getTextContent({ disableNormalization: true }),
    }));
    // Pages read ahead of a failure are never awaited: their rejection is not an error.
    reading.catch(() => undefined);
    pending.set(p, reading);
  };
  for (let p = 1; p <= Math.min(AHEAD, pageCount); p++) read(p);

  for (let p = 1; p <= pageCount; p++) {
    // Out of time: no suggestions rather than some blocks numbered without the rest.
    if (performance.now() > deadline) throw new Error('detection timed out');
    read(p + AHEAD);
    const { page, content } = await pending.get(p);
    pending.delete(p);
    const viewport = page.getViewport({ scale: 1 });
    const view = viewport.transform;
    const size = { width: viewport.width, height: viewport.height };
    const segs = segments(textItems(content, view));
    const labels = [];
    const parties = [];
    for (const seg of segs) {
      const label = labelOf(seg);
      const party = partyOf(seg);
      if (label)
        labels.push({ ...label, seg, party: party && label.norm.includes(party) ? party : null });
      else if (party) parties.push({ ...seg, party });
    }
    const widgets = [];
    if (sigPages.has(p - 1)) {
      for (const a of await page.getAnnotations()) {
        if (a.fieldType !== 'Sig' || !Array.isArray(a.rect)) continue;
        const [x1, y1] = apply(view, a.rect[0], a.rect[1]);
        const [x2, y2] = apply(view, a.rect[2], a.rect[3]);
        widgets.push({
          left: Math.min(x1, x2),
          right: Math.max(x1, x2),
          top: Math.min(y1, y2),
          bottom: Math.max(y1, y2),
          name: a.fieldName,
        });
      }
    }
    if (labels.length === 0 && widgets.length === 0) {
      page.cleanup();
      continue;
    }
    const unmeasured = fontsToMeasure(segs, fonts);
    if (unmeasured.size > 0) {
      // Loading the page's operator list makes pdf.js hand over its fonts (drawnLines reuses it).
      await page.getOperatorList();
      for (const name of unmeasured)
        fonts.set(name, page.commonObjs.has(name) ? fontWidths(page.commonObjs.get(name)) : null);
    }
    let lines = textLines(segs, fonts);
    let found = linesFor(labels, lines);
    if (found.some((f) => !f)) {
      // Some label has no underscores: look at the lines drawn on the page too.
      lines = [...lines, ...(await drawnLines(page, view, pdfjs.OPS))];
      found = linesFor(labels, lines);
    }
    page.cleanup();

    const fields = [];
    labels.forEach((label, i) => {
      const hit = found[i];
      const seg = label.seg;
      const box = boxOn(label.kind, hit?.line, size, seg);
      const field = {
        kind: label.kind,
        text: label.text,
        party: label.party,
        box,
        confidence: hit ? hit.confidence : 0.5,
        left: Math.min(seg.left, box.x),
        right: Math.max(seg.right, box.x + box.width),
        top: Math.min(seg.top, box.y),
        bottom: Math.max(seg.bottom, box.y + box.height),
      };
      if (label.kind === 'paraph') paraphs.push({ ...field, page: p, seg });
      else fields.push(field);
    });
    for (const w of widgets) {
      const box = { x: w.left, y: w.top, width: w.right - w.left, height: w.bottom - w.top };
      // A labelled line under the widget is the same place: the widget wins.
      const twin = fields.findIndex(
        (f) =>
          f.kind === 'signature' &&
          Math.abs(f.box.x - box.x) < 60 &&
          Math.abs(f.box.y + f.box.height - (box.y + box.height)) < 40,
      );
      const text = twin >= 0 ? fields[twin].text : 'Handtekening';
      if (twin >= 0) fields.splice(twin, 1);
      fields.push({ kind: 'signature', text, box, confidence: 0.95, ...w });
    }

    for (const block of blocksOf(fields, parties)) {
      const party = block.party ?? block.fields.find((f) => f.party)?.party ?? null;
      const signer = signerFor(party);
      if (!signer) continue;
      for (const f of block.fields) {
        if (f.kind === 'place') continue; // no marker kind for a place; it only shapes blocks
        const label = block.partyText ? `${block.partyText} – ${f.text}` : f.text;
        out.push(marker(p, f.box, signer, f.kind, label, f.confidence));
      }
    }
  }

  // Paraph lines: the party they name, else the n-th on its page is signer n.
  const byPage = new Map();
  for (const f of paraphs) byPage.set(f.page, [...(byPage.get(f.page) ?? []), f]);
  for (const [p, list] of byPage) {
    list.sort((a, b) => a.top - b.top || a.left - b.left);
    list.forEach((f, i) => {
      const signer = f.party && signers.has(f.party) ? signers.get(f.party) : i + 1;
      if (signer > MAX_SIGNERS) return;
      out.push(marker(p, f.box, signer, 'paraph', f.text, f.confidence));
    });
  }
  out.sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
  return out.slice(0, MAX_SUGGESTIONS);
}

function marker(page, box, signer, kind, label, confidence) {
  const options = { label: label.slice(0, 255) };
  if (kind === 'name' || kind === 'date') options.fontSize = SIZES.text.fontSize;
  return {
    page,
    x: round(box.x),
    y: round(box.y),
    width: round(box.width),
    height: round(box.height),
    type: 'generated',
    value: `signer.${signer}.${kind}`,
    options,
    confidence,
  };
}
