import Papa from 'papaparse';
import { bulkResultColumns, bulkRowStateLabels } from '@paraaf/contract';
import type { BulkSendRowRow } from './bulk-sends.repository.ts';
import { templateColumns, type TemplateShape } from './template-columns.ts';

/**
 * A CSV as Dutch Excel opens it: a BOM, `;` between fields, and every cell that a spreadsheet
 * would take for a formula (=, +, -, @, tab, return first) made text with a leading quote.
 */
function toCsv(rows: string[][]): string {
  return `\uFEFF${Papa.unparse(rows, { delimiter: ';', escapeFormulae: true, newline: '\r\n' })}\r\n`;
}

/** 'Voorbeeldbestand downloaden': the template's columns and one filled-in example row. */
export function exampleCsv(shape: TemplateShape): string {
  const { all } = templateColumns(shape);
  const example = all.map((column) => {
    const m = /^signer(\d+)_(\w+)$/.exec(column);
    if (!m) return column === 'subject' || column === 'message' ? '' : `Tekst voor ${column}`;
    const n = Number(m[1]);
    return (
      {
        firstname: ['Kees', 'Anna', 'Piet', 'Fatima', 'Sanne'][(n - 1) % 5]!,
        lastname: 'de Vries',
        email: `ondertekenaar${n}@example.nl`,
        phone: '',
        locale: 'nl',
        verificatie: 'e-mailcode',
      } as Record<string, string>
    )[m[2]!]!;
  });
  return toCsv([all, example]);
}

/** 'Resultaat downloaden': per row its state, request and error, then the row as it was sent. */
export function resultCsv(columns: string[], rows: BulkSendRowRow[]): string {
  return toCsv([
    [...bulkResultColumns, ...columns],
    ...rows.map((r) => [
      String(r.rowNumber),
      bulkRowStateLabels[r.state],
      r.signRequestId ? String(r.signRequestId) : '',
      r.error ?? '',
      ...columns.map((c) => r.cells[c] ?? ''),
    ]),
  ]);
}
