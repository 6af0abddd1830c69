import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { drawableText, fitInto } from './stamp.ts';
import {
  DEFAULT_DATE_FORMAT,
  idinDisplayLabels,
  idinDisplayRows,
  walletAttributeLabels,
  type DateMarkerFormat,
} from '@paraaf/contract';
import { dutchCalendarDate } from '../dutch-date.ts';

const idinLabel = (key: string) =>
  key in idinDisplayLabels ? idinDisplayLabels[key as keyof typeof idinDisplayLabels] : key;

/** Everything the audit certificate shows (seed 000: the receipt of a sign request). */
export interface AuditCertificateData {
  signRequestId: number;
  /** Where anyone checks the sealed file: APP_URL/verifieren. */
  verifyUrl: string;
  subject: string;
  company: string;
  sender: { name: string; email: string } | null;
  createdAt: Date;
  sentAt: Date | null;
  completedAt: Date | null;
  documents: { name: string; sha256: string; pageCount: number }[];
  /** Files signers attached (their pages follow their document), each with its SHA-256. */
  attachments?: { name: string; document: string; signer: string; sha256: string }[];
  signers: AuditSigner[];
  trail: {
    signer: string;
    label: string;
    at: Date;
    ip: string | null;
    userAgent: string | null;
    comment: string | null;
  }[];
}

export interface AuditSigner {
  /** 'signer' when left out; approvers and copies are listed apart from the signers. */
  role?: 'signer' | 'approver' | 'cc';
  /** The signing step (shown when the request has more than one). */
  step?: number;
  name: string;
  email: string;
  phone: string | null;
  locale: string;
  /** Labels of the chosen methods, e.g. 'E-mail', 'SMS'. */
  verifications: string[];
  signedAt: Date | null;
  emailVerifiedAt: Date | null;
  smsVerifiedAt: Date | null;
  idinVerifiedAt: Date | null;
  idinAttributes: Record<string, string> | null;
  /** Optional: a signer without the EU-wallet step has neither. */
  walletVerifiedAt?: Date | null;
  walletAttributes?: Record<string, string> | null;
  ip: string | null;
  userAgent: string | null;
  /** The drawn signature (PNG), shown beside the signer. */
  signaturePng: Buffer | null;
}

/** The wallet's disclosed attributes in a fixed order, Dutch labels, dates as 17-05-1980. */
function walletRows(attributes: Record<string, string>): [string, string][] {
  const order = ['given_name', 'family_name', 'birth_date', 'nationality', 'credential_format'];
  return order
    .filter((key) => attributes[key])
    .map((key) => [
      walletAttributeLabels[key] ?? key,
      key === 'birth_date' ? dutchCalendarDate(attributes[key]!) : attributes[key]!,
    ]);
}

const parts = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** DD-MM-YYYY HH:mm in Dutch time. */
export function formatDutchDateTime(date: Date): string {
  const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

const withSeconds = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** The audit certificate's times: 'DD-MM-YYYY HH:mm:ss (CET)' in Dutch time, zone named. */
export function formatAuditTime(date: Date): string {
  const p = Object.fromEntries(withSeconds.formatToParts(date).map((x) => [x.type, x.value]));
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}:${p.second} (${p.timeZoneName})`;
}

/** DD-MM-YYYY in Dutch time. */
export function formatDutchDate(date: Date): string {
  return formatDutchDateTime(date).slice(0, 10);
}

const monthName = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  month: 'long',
});

/** A date in one of the date markers' formats, in Dutch time ('D MMMM YYYY' → '2 maart 2026'). */
export function formatMarkerDate(date: Date, format: DateMarkerFormat = DEFAULT_DATE_FORMAT) {
  const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value]));
  switch (format) {
    case 'DD-MM-YYYY HH:mm':
      return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
    case 'D MMMM YYYY':
      return `${Number(p.day)} ${monthName.format(date)} ${p.year}`;
    case 'YYYY-MM-DD':
      return `${p.year}-${p.month}-${p.day}`;
    case 'DD/MM/YYYY':
      return `${p.day}/${p.month}/${p.year}`;
    default:
      return `${p.day}-${p.month}-${p.year}`;
  }
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const DARK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.42, 0.45, 0.5);
const LINE = rgb(0.85, 0.87, 0.9);
const ACCENT = rgb(0.11, 0.49, 0.84);

/** A top-to-bottom writer that starts a new A4 page when the current one is full. */
class Writer {
  page!: PDFPage;
  y = 0;
  pageNumber = 0;
  readonly width = A4[0] - 2 * MARGIN;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage(A4);
    this.pageNumber += 1;
    this.y = A4[1] - MARGIN;
    this.page.drawText(drawableText(this.regular, this.footer), {
      x: MARGIN,
      y: 28,
      size: 8,
      font: this.regular,
      color: MUTED,
    });
  }

  ensure(height: number): void {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** Wrapped text; returns nothing, moves the cursor. */
  text(
    value: string,
    options: {
      size?: number;
      font?: PDFFont;
      color?: ReturnType<typeof rgb>;
      indent?: number;
    } = {},
  ): void {
    const size = options.size ?? 10;
    const font = options.font ?? this.regular;
    const indent = options.indent ?? 0;
    const lineHeight = size * 1.35;
    for (const line of wrap(font, drawableText(font, value), size, this.width - indent)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      this.page.drawText(line, {
        x: MARGIN + indent,
        y: this.y + size * 0.25,
        size,
        font,
        color: options.color ?? DARK,
      });
    }
  }

  /** A label in grey and its value, on one line (the value wraps under itself). */
  /**
   * A label and its value, the value wrapped beside the label. `oneLine` (a hash): the value is
   * set at the size at which any value of its length in hex digits fits on one line, so a hash
   * is never broken and every hash has the same size.
   */
  pair(label: string, value: string, indent = 0, oneLine = false): void {
    const labelWidth = 150;
    const size = oneLine
      ? Math.min(
          9.5,
          (this.width - indent - labelWidth) / hexWidthAt1pt(this.regular, value.length),
        )
      : 9.5;
    const lines = wrap(
      this.regular,
      drawableText(this.regular, value),
      size,
      this.width - indent - labelWidth,
    );
    const lineHeight = size * 1.4;
    this.ensure(lineHeight);
    this.page.drawText(drawableText(this.regular, label), {
      x: MARGIN + indent,
      y: this.y - lineHeight + size * 0.25,
      size,
      font: this.regular,
      color: MUTED,
    });
    for (const line of lines.length ? lines : ['-']) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      this.page.drawText(line, {
        x: MARGIN + indent + labelWidth,
        y: this.y + size * 0.25,
        size,
        font: this.regular,
        color: DARK,
      });
    }
  }

  heading(value: string): void {
    this.ensure(40);
    this.y -= 14;
    this.text(value, { size: 13, font: this.bold });
    this.y -= 4;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + this.width, y: this.y },
      thickness: 0.75,
      color: LINE,
    });
    this.y -= 6;
  }

  gap(points: number): void {
    this.y -= points;
  }
}

/** The width at 1 pt of `length` of the font's widest hex digit. */
function hexWidthAt1pt(font: PDFFont, length: number): number {
  const widest = Math.max(...[...'0123456789abcdef'].map((c) => font.widthOfTextAtSize(c, 1)));
  return widest * length;
}

/** Splits text into lines no wider than `width`, breaking long words (hashes) too. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    let rest = word;
    while (!fits(rest)) {
      let n = rest.length - 1;
      while (n > 1 && !fits(rest.slice(0, n))) n -= 1;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    current = rest;
  }
  if (current) lines.push(current);
  return lines;
}

const dateOr = (date: Date | null) => (date ? formatAuditTime(date) : '-');

/**
 * Appends the audit certificate ('Auditcertificaat') to the document: A4 pages in Dutch with
 * the request, its documents and their hashes, each signer with the evidence of every
 * verification and the chronological audit trail.
 */
export async function appendAuditCertificate(
  doc: PDFDocument,
  data: AuditCertificateData,
): Promise<void> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(
    doc,
    regular,
    bold,
    `Auditcertificaat - ondertekenverzoek ${data.signRequestId} - Paraaf`,
  );

  w.page.drawRectangle({ x: 0, y: A4[1] - 8, width: A4[0], height: 8, color: ACCENT });
  w.text('Auditcertificaat', { size: 22, font: bold });
  w.gap(2);
  w.text(
    'Dit certificaat legt vast wie de onderstaande documenten wanneer en op welke wijze heeft ondertekend. Het document is verzegeld met een digitale handtekening van Paraaf; elke wijziging na verzegeling maakt deze ongeldig.',
    { size: 9, color: MUTED },
  );
  w.gap(2);
  w.text(`Controleer een ondertekend document op ${data.verifyUrl}`, { size: 9, color: MUTED });

  w.heading('Ondertekenverzoek');
  w.pair('Nummer', String(data.signRequestId));
  w.pair('Onderwerp', data.subject);
  w.pair('Afzender', data.sender ? `${data.sender.name} <${data.sender.email}>` : '-');
  w.pair('Organisatie', data.company);
  w.pair('Aangemaakt', dateOr(data.createdAt));
  w.pair('Verstuurd', dateOr(data.sentAt));
  w.pair('Afgerond', dateOr(data.completedAt));

  w.heading('Documenten');
  for (const d of data.documents) {
    w.text(d.name, { font: bold, size: 10 });
    w.pair("Pagina's", String(d.pageCount), 10);
    w.pair('SHA-256 origineel', d.sha256, 10, true);
    w.gap(4);
  }

  if (data.attachments?.length) {
    w.heading('Bijlagen van ondertekenaars');
    for (const a of data.attachments) {
      w.text(a.name, { font: bold, size: 10 });
      w.pair('Bij document', a.document, 10);
      w.pair('Van', a.signer, 10);
      w.pair('SHA-256 bijlage', a.sha256, 10, true);
      w.gap(4);
    }
  }

  const roleOf = (s: AuditSigner) => s.role ?? 'signer';
  const manySteps = new Set(data.signers.map((s) => s.step ?? 1)).size > 1;
  const groups = [
    {
      heading: 'Ondertekenaars',
      done: 'Ondertekend',
      list: data.signers.filter((s) => roleOf(s) === 'signer'),
    },
    {
      heading: 'Goedkeurders',
      done: 'Goedgekeurd',
      list: data.signers.filter((s) => roleOf(s) === 'approver'),
    },
  ];
  for (const group of groups) {
    if (group.list.length === 0) continue;
    w.heading(group.heading);
    for (const s of group.list) await writeSigner(s, group.done);
  }
  const copies = data.signers.filter((s) => roleOf(s) === 'cc');
  if (copies.length > 0) {
    w.heading('Kopie aan');
    for (const s of copies) {
      w.ensure(30);
      w.text(s.name, { font: bold, size: 11 });
      w.pair('E-mailadres', s.email, 10);
      w.gap(6);
    }
  }

  async function writeSigner(s: AuditSigner, doneLabel: string) {
    const imageHeight = s.signaturePng ? 60 : 0;
    w.ensure(90 + imageHeight);
    w.text(s.name, { font: bold, size: 11 });
    w.pair('E-mailadres', s.email, 10);
    w.pair('Telefoonnummer', s.phone ?? '-', 10);
    w.pair('Taal', s.locale, 10);
    if (manySteps) w.pair('Stap', String(s.step ?? 1), 10);
    w.pair('Verificatiemethoden', s.verifications.join(', ') || '-', 10);
    if (s.emailVerifiedAt) w.pair('E-mail geverifieerd', dateOr(s.emailVerifiedAt), 10);
    if (s.smsVerifiedAt)
      w.pair('SMS geverifieerd', `${dateOr(s.smsVerifiedAt)} (${s.phone ?? '-'})`, 10);
    if (s.idinVerifiedAt) w.pair('iDIN geverifieerd', dateOr(s.idinVerifiedAt), 10);
    const bankData = idinDisplayRows(s.idinAttributes ?? {}, dutchCalendarDate);
    if (bankData.length > 0) {
      w.text('Gegevens van de bank (iDIN)', { size: 9.5, color: MUTED, indent: 10 });
      for (const row of bankData) w.pair(idinLabel(row.key), row.value, 20);
    }
    if (s.walletVerifiedAt) w.pair('EU-wallet geverifieerd', dateOr(s.walletVerifiedAt), 10);
    const walletData = walletRows(s.walletAttributes ?? {});
    if (walletData.length > 0) {
      w.text('Gegevens uit de EU-wallet', { size: 9.5, color: MUTED, indent: 10 });
      for (const [label, value] of walletData) w.pair(label, value, 20);
    }
    w.pair(doneLabel, dateOr(s.signedAt), 10);
    if (s.ip) w.pair('IP-adres', s.ip, 10);
    if (s.userAgent) w.pair('Browser', s.userAgent, 10);
    if (s.signaturePng) {
      const image = await doc.embedPng(s.signaturePng);
      w.ensure(imageHeight + 6);
      w.gap(imageHeight + 4);
      w.page.drawText('Handtekening', {
        x: MARGIN + 10,
        y: w.y + imageHeight / 2,
        size: 9.5,
        font: regular,
        color: MUTED,
      });
      const box = { x: MARGIN + 160, y: w.y, width: 180, height: imageHeight };
      w.page.drawRectangle({ ...box, borderColor: LINE, borderWidth: 0.5 });
      w.page.drawImage(image, fitInto(image.width, image.height, box));
    }
    w.gap(10);
  }

  w.heading('Audittrail');
  for (const a of data.trail) {
    w.ensure(40);
    w.text(`${formatAuditTime(a.at)}  ${a.label}`, { font: bold, size: 9.5 });
    w.text(a.signer, { size: 9, indent: 10 });
    if (a.comment) w.text(a.comment, { size: 8.5, indent: 10, color: MUTED });
    const origin = [a.ip ? `IP ${a.ip}` : null, a.userAgent].filter(Boolean).join(' - ');
    if (origin) w.text(origin, { size: 8, indent: 10, color: MUTED });
    w.gap(3);
  }
}

/** The audit certificate alone, as a new document (the receipt). */
export async function auditCertificateDocument(data: AuditCertificateData): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Auditcertificaat ${data.signRequestId}`);
  doc.setProducer('Paraaf');
  await appendAuditCertificate(doc, data);
  return doc;
}
