import { contractPdf } from './contract-pdf.mjs';

/**
 * A bulk send driven over HTTP, shared by the worker-kill test and the bench: a company put on
 * the standard plan with credits (as the ledger books them), a template with one signer and a
 * text marker 'Functie', a CSV of `rows` signers, the preview and the send.
 */

/** Puts the company on the standard plan (2) from today with `credits` granted in the ledger. */
export async function prepareCompany(db, companyId, credits) {
  await db.query('BEGIN');
  await db.query('UPDATE companies SET payment_plan_id = 2 WHERE id = $1', [companyId]);
  await db.query(
    `INSERT INTO company_plans (company_id, plan_id, valid_from, status, applied_at)
     VALUES ($1, 2, CURRENT_DATE, 'planned', now())`,
    [companyId],
  );
  const granted = await db.query(
    'UPDATE companies SET credits = credits + $2 WHERE id = $1 RETURNING credits',
    [companyId, credits],
  );
  await db.query(
    `INSERT INTO credit_ledger (company_id, amount, balance_after, reason, cause_key)
     VALUES ($1, $2, $3, 'Testcredits', $4)`,
    [companyId, credits, granted.rows[0].credits, `test-grant:${companyId}`],
  );
  await db.query('COMMIT');
  return granted.rows[0].credits;
}

function multipart(fields, file) {
  const boundary = `----paraaf${Math.random().toString(16).slice(2)}`;
  const parts = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `content-type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A template for 'Ondertekenaar 1' with a signature and a text marker 'Functie'. */
export async function uploadTemplate(client, token) {
  const box = { x: '72', width: '150', height: '30', page: '1' };
  const fields = { name: 'Arbeidsvoorwaarden' };
  const marker = (i, values) => {
    for (const [k, v] of Object.entries(values)) fields[`variables[${i}][${k}]`] = v;
  };
  marker(0, { ...box, y: '100', type: 'text', value: 'Medewerker' });
  fields['variables[0][options][label]'] = 'Functie';
  marker(1, { ...box, y: '160', type: 'generated', value: 'signer.1.signature' });
  const file = {
    name: 'voorwaarden.pdf',
    type: 'application/pdf',
    bytes: await contractPdf(1, 10),
  };
  const res = await client.call(201, 'POST', '/api/templates', {
    token,
    ...multipart(fields, file),
  });
  return res.body.id;
}

/** The CSV of `rows` signers `rij{n}@{domain}`, `;`-separated as Dutch Excel writes it. */
export function bulkCsv(rows, domain) {
  const lines = ['signer1_firstname;signer1_lastname;signer1_email;Functie'];
  for (let n = 1; n <= rows; n++)
    lines.push(`Voornaam${n};de Vries;rij${n}@${domain};Functie ${n}`);
  return Buffer.from(lines.join('\r\n'));
}

/** Previews the CSV as a batch of `templateId`; returns the batch. */
export async function previewBatch(client, token, templateId, csv) {
  const file = { name: 'personeel.csv', type: 'text/csv', bytes: csv };
  const res = await client.call(201, 'POST', '/api/bulk-sends', {
    token,
    ...multipart({ template_id: templateId }, file),
  });
  return res.body;
}
