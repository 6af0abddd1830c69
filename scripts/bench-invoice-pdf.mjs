// Invoice PDF figure (issue 14): time to render one invoice PDF (renderInvoicePdf, the pure PDF
// part, no database). Prints the median and p95 of 50 renders after 5 warm-up renders.
//   node scripts/bench-invoice-pdf.mjs        (or benchInvoicePdf() from scripts/bench.mjs)
// Never asserts timings; prints and returns them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const here = fileURLToPath(import.meta.url);
const api = path.resolve(path.dirname(here), '../apps/api/src');

export async function benchInvoicePdf() {
  const { renderInvoicePdf } = await tsImport(
    path.join(api, 'modules/invoices/invoice-pdf.ts'),
    here,
  );
  const { invoiceTotals } = await tsImport(
    path.join(api, 'modules/invoices/invoice-amounts.ts'),
    here,
  );
  const { loadConfig } = await tsImport(path.join(api, 'config/env.ts'), here);
  const lines = [
    { description: 'Credits', valueCents: 35, amount: 50 },
    { description: 'Abonnement Standaard november 2026', valueCents: 2499, amount: 1 },
    { description: 'SMS-berichten oktober 2026', valueCents: 12, amount: 37 },
    { description: 'iDIN-controles oktober 2026', valueCents: 95, amount: 4 },
  ];
  const seller = loadConfig({}).invoiceSeller;
  const invoice = {
    id: 1,
    companyId: 1,
    invoiceNo: '2026-00042',
    year: 2026,
    sequence: 42,
    invoiceDate: '2026-11-24',
    debtorNo: 17,
    debtorName: 'Bakkerij De Vries',
    buyer: {
      name: 'Bakkerij De Vries',
      tnv: 'J. de Vries',
      street: 'Dorpsstraat',
      housenumber: '12',
      housenumberAddition: 'bis',
      postal: '1234 AB',
      city: 'Zaandam',
    },
    seller,
    state: 'open',
    type: 'automatic',
    causeKey: 'bench',
    ...invoiceTotals(lines),
    createdAt: new Date(),
    paidAt: null,
    lines: lines.map((line, i) => ({ ...line, id: i + 1, invoiceId: 1, position: i })),
  };
  for (let i = 0; i < 5; i++) await renderInvoicePdf(invoice);
  const times = [];
  let size = 0;
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    size = (await renderInvoicePdf(invoice)).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const result = {
    medianMs: Number(times[25].toFixed(1)),
    p95Ms: Number(times[47].toFixed(1)),
    sizeKb: Math.round(size / 1024),
  };
  console.log(
    `invoice PDF: 4 lines, median ${result.medianMs} ms, p95 ${result.p95Ms} ms over 50 renders (${result.sizeKb} kB)`,
  );
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === here) {
  await benchInvoicePdf();
}
