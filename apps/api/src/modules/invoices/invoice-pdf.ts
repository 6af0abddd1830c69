import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { drawableText } from '../../lib/pdf/stamp.ts';
import { formatEuros, formatInvoiceDate, VAT_PERCENT } from './invoice-amounts.ts';
import type { InvoiceWithLines } from './invoices.repository.ts';

/** Days an open invoice may stay unpaid. */
export const PAYMENT_TERM_DAYS = 14;

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.8, 0.8, 0.83);

/**
 * A Dutch invoice as a PDF (A4, Helvetica, text extractable): seller, buyer, number, date,
 * debtor number, the lines, subtotal excl. btw, btw 21%, total incl. btw and the payment state.
 */
export async function renderInvoicePdf(
  invoice: InvoiceWithLines,
  /** directDebit: an open invoice collected from the company's mandate (no transfer asked). */
  options: { directDebit?: boolean } = {},
): Promise<Uint8Array> {
  // The seller as stored when the invoice was made, not today's configuration.
  const seller = invoice.seller;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Factuur ${invoice.invoiceNo}`);
  pdf.setAuthor(seller.name);
  pdf.setCreator('Paraaf');
  pdf.setLanguage('nl-NL');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage(A4);
  const right = A4[0] - MARGIN;
  const text = (
    p: PDFPage,
    value: string,
    x: number,
    y: number,
    options: { font?: PDFFont; size?: number; color?: typeof INK; alignRight?: boolean } = {},
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    // Names and descriptions come from users: letters the standard font lacks become plain ones.
    value = drawableText(font, value);
    const width = options.alignRight ? font.widthOfTextAtSize(value, size) : 0;
    p.drawText(value, { x: x - width, y, size, font, color: options.color ?? INK });
  };

  // Seller, top right.
  let y = A4[1] - MARGIN;
  text(page, seller.name, right, y, { font: bold, size: 12, alignRight: true });
  for (const line of [
    seller.address,
    seller.postalCity,
    seller.email,
    `KvK ${seller.kvk}`,
    `Btw-nummer ${seller.vatNumber}`,
    `IBAN ${seller.iban}`,
  ]) {
    y -= 13;
    text(page, line, right, y, { size: 9, color: MUTED, alignRight: true });
  }

  // Title and buyer, left.
  y = A4[1] - MARGIN;
  text(page, 'Factuur', MARGIN, y - 4, { font: bold, size: 24 });
  y -= 120;
  const buyer = invoice.buyer;
  const street = [
    buyer.street,
    [buyer.housenumber, buyer.housenumberAddition].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(' ');
  const postalCity = [buyer.postal, buyer.city].filter(Boolean).join(' ');
  const buyerLines = [
    buyer.name,
    buyer.tnv ? `t.n.v. ${buyer.tnv}` : '',
    street,
    postalCity,
  ].filter(Boolean);
  text(page, 'Factuur aan', MARGIN, y, { size: 9, color: MUTED });
  buyerLines.forEach((line, i) => {
    text(page, line, MARGIN, y - 14 * (i + 1), { font: i === 0 ? bold : regular });
  });

  // Invoice details, right column.
  const labelX = 340;
  const details: [string, string][] = [
    ['Factuurnummer', invoice.invoiceNo],
    ['Factuurdatum', formatInvoiceDate(invoice.invoiceDate)],
    ['Debiteurnummer', String(invoice.debtorNo)],
  ];
  details.forEach(([label, value], i) => {
    text(page, label, labelX, y - 14 * (i + 1), { size: 9, color: MUTED });
    text(page, value, right, y - 14 * (i + 1), { alignRight: true });
  });

  // Lines table.
  y -= 14 * (Math.max(buyerLines.length, details.length) + 3);
  const cols = { description: MARGIN, amount: 340, price: 430, total: right };
  const header = () => {
    text(page, 'Omschrijving', cols.description, y, { font: bold, size: 9 });
    text(page, 'Aantal', cols.amount, y, { font: bold, size: 9, alignRight: true });
    text(page, 'Prijs', cols.price, y, { font: bold, size: 9, alignRight: true });
    text(page, 'Bedrag', cols.total, y, { font: bold, size: 9, alignRight: true });
    y -= 6;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: right, y },
      thickness: 0.7,
      color: RULE,
    });
    y -= 14;
  };
  header();
  for (const line of invoice.lines) {
    if (y < MARGIN + 120) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
      header();
    }
    const description = fit(line.description, regular, 10, cols.amount - cols.description - 60);
    text(page, description, cols.description, y);
    text(page, String(line.amount), cols.amount, y, { alignRight: true });
    text(page, formatEuros(line.valueCents), cols.price, y, { alignRight: true });
    text(page, formatEuros(line.valueCents * line.amount), cols.total, y, { alignRight: true });
    y -= 16;
  }
  page.drawLine({
    start: { x: MARGIN, y: y + 8 },
    end: { x: right, y: y + 8 },
    thickness: 0.7,
    color: RULE,
  });

  // Totals.
  y -= 8;
  const totals: [string, number, boolean][] = [
    ['Subtotaal excl. btw', invoice.totalExclCents, false],
    [`BTW ${VAT_PERCENT}%`, invoice.vatCents, false],
    ['Totaal incl. btw', invoice.totalInclCents, true],
  ];
  for (const [label, cents, strong] of totals) {
    text(page, label, cols.price - 80, y, { font: strong ? bold : regular });
    text(page, formatEuros(cents), cols.total, y, {
      font: strong ? bold : regular,
      alignRight: true,
    });
    y -= 16;
  }

  // Payment state.
  y -= 24;
  if (invoice.state === 'paid') {
    text(page, 'Betaald', MARGIN, y, { font: bold, size: 12, color: rgb(0.1, 0.5, 0.25) });
    y -= 14;
    text(page, 'Dit bedrag is al voldaan; je hoeft niets meer te betalen.', MARGIN, y);
  } else if (options.directDebit) {
    text(page, 'Openstaand', MARGIN, y, { font: bold, size: 12 });
    y -= 14;
    text(
      page,
      `Het totaalbedrag wordt binnen ${PAYMENT_TERM_DAYS} dagen automatisch afgeschreven via je machtiging; je hoeft niets over te maken.`,
      MARGIN,
      y,
    );
  } else {
    text(page, 'Openstaand', MARGIN, y, { font: bold, size: 12 });
    y -= 14;
    text(
      page,
      `Graag het totaalbedrag binnen ${PAYMENT_TERM_DAYS} dagen na de factuurdatum overmaken op`,
      MARGIN,
      y,
    );
    y -= 13;
    text(
      page,
      `${seller.iban} t.n.v. ${seller.name}, onder vermelding van factuurnummer ${invoice.invoiceNo}.`,
      MARGIN,
      y,
    );
  }

  return pdf.save();
}

/** Cuts a description that would run into the next column, with an ellipsis. */
function fit(value: string, font: PDFFont, size: number, width: number): string {
  value = drawableText(font, value);
  if (font.widthOfTextAtSize(value, size) <= width) return value;
  let cut = value;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}
