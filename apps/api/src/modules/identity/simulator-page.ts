import { eq } from 'drizzle-orm';
import { signers } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { escapeHtml } from '../../lib/mail/layout.ts';
import { attributeLabels, pickAttributes } from '../../lib/identity/services.ts';
import {
  encodeSimulatorCode,
  simulatedAttributes,
  simulatorBanks,
  simulatorOutcomes,
  type SimulatorOutcome,
} from '../../lib/identity/simulator.ts';
import { callbackUrl, findOpenSession, servicesOf } from './idin-verification.ts';

const outcomeLabels: Record<SimulatorOutcome, string> = {
  success: 'Geslaagd — ik geef toestemming',
  cancelled: 'Geannuleerd — ik breek af',
  failure: 'Mislukt — de bank geeft een fout',
};

async function sessionWithAttributes(ctx: Ctx, state: string) {
  const session = await findOpenSession(ctx, state);
  if (!session || session.provider !== 'simulator') return null;
  const [signer] = await ctx.db.select().from(signers).where(eq(signers.id, session.signerId));
  if (!signer) return null;
  const services = servicesOf(signer);
  return { session, attributes: pickAttributes(simulatedAttributes(signer), services) };
}

const style = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f1f3f5;color:#212529}
header{background:#0b2f5b;color:#fff;padding:1rem 1.5rem;display:flex;align-items:center;gap:.75rem}
header .logo{background:#fff;color:#cc0066;font-weight:800;border-radius:6px;padding:.2rem .5rem;letter-spacing:.02em}
main{max-width:40rem;margin:1.5rem auto;padding:0 1rem}
.card{background:#fff;border-radius:10px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.25rem 1.5rem;margin-bottom:1rem}
h1{font-size:1.35rem;margin:.2rem 0 1rem}h2{font-size:1.05rem;margin:0 0 .75rem}
.note{background:#fff3bf;border-radius:8px;padding:.6rem .9rem;font-size:.9rem;margin-bottom:1rem}
.banks{display:grid;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr));gap:.5rem}
.banks label,.outcomes label{display:flex;align-items:center;gap:.5rem;border:1px solid #ced4da;border-radius:8px;padding:.6rem .75rem;cursor:pointer}
.banks label:has(input:checked),.outcomes label:has(input:checked){border-color:#cc0066;background:#fff0f6}
.outcomes{display:grid;gap:.5rem}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.35rem 0;border-bottom:1px solid #e9ecef;font-size:.95rem}th{font-weight:500;color:#495057;width:45%}
button{background:#cc0066;color:#fff;border:0;border-radius:8px;padding:.75rem 1.5rem;font-size:1rem;font-weight:600;cursor:pointer;width:100%}
button:focus-visible,input:focus-visible{outline:3px solid #4dabf7;outline-offset:2px}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${style}</style></head><body><header><span class="logo">iDIN</span><span>Testbank van Paraaf</span></header><main>${body}</main></body></html>`;
}

export function unknownSessionPage(): string {
  return page(
    'iDIN-sessie onbekend — Paraaf',
    `<div class="card"><h1>Deze iDIN-sessie is onbekend of verlopen</h1><p>Ga terug naar de ondertekenpagina en start de iDIN-verificatie opnieuw.</p></div>`,
  );
}

/** GET /api/identity/simulator?state=…: the test bank's chooser, or null for an unknown state. */
export async function renderSimulatorPage(ctx: Ctx, state: string): Promise<string | null> {
  const found = await sessionWithAttributes(ctx, state);
  if (!found) return null;
  const banks = simulatorBanks
    .map(
      (b, i) =>
        `<label><input type="radio" name="bank" value="${b.id}"${i === 0 ? ' checked' : ''} required> ${escapeHtml(b.name)}</label>`,
    )
    .join('');
  const rows = Object.entries(found.attributes)
    .map(
      ([k, v]) =>
        `<tr><th scope="row">${escapeHtml(attributeLabels[k] ?? k)}</th><td>${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const outcomes = simulatorOutcomes
    .map(
      (o, i) =>
        `<label><input type="radio" name="outcome" value="${o}"${i === 0 ? ' checked' : ''} required> ${outcomeLabels[o]}</label>`,
    )
    .join('');
  return page(
    'iDIN testbank — Paraaf',
    `<h1>Identificeren met iDIN</h1>
<p class="note">Dit is een testomgeving: er wordt geen echte bank gebruikt en er worden geen echte gegevens gedeeld.</p>
<form method="post" action="/api/identity/simulator">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<section class="card"><h2 id="bank-kop">Kies je bank</h2><div class="banks" role="radiogroup" aria-labelledby="bank-kop">${banks}</div></section>
<section class="card"><h2>Deze gegevens worden gedeeld</h2><table><tbody>${rows || '<tr><td>Geen gegevens</td></tr>'}</tbody></table></section>
<section class="card"><h2 id="uitkomst-kop">Uitkomst van de test</h2><div class="outcomes" role="radiogroup" aria-labelledby="uitkomst-kop">${outcomes}</div></section>
<button type="submit">Doorgaan</button>
</form>`,
  );
}

/**
 * POST /api/identity/simulator (form: state, bank, outcome): where the test bank sends the
 * browser — the callback with a code, or with an error — as a real broker would. null: unknown
 * state or bad input.
 */
export async function submitSimulatorChoice(
  ctx: Ctx,
  form: { state?: unknown; bank?: unknown; outcome?: unknown },
): Promise<string | null> {
  const state = typeof form.state === 'string' ? form.state : '';
  const outcome = simulatorOutcomes.find((o) => o === form.outcome);
  const bank = simulatorBanks.find((b) => b.id === form.bank);
  if (!outcome || !bank) return null;
  const found = await sessionWithAttributes(ctx, state);
  if (!found) return null;
  const url = new URL(callbackUrl(ctx));
  url.searchParams.set('state', state);
  if (outcome === 'success') {
    url.searchParams.set('code', encodeSimulatorCode(found.session.nonce, found.attributes));
  } else if (outcome === 'cancelled') {
    url.searchParams.set('error', 'access_denied');
    url.searchParams.set('error_description', 'De gebruiker heeft geannuleerd');
  } else {
    url.searchParams.set('error', 'server_error');
    url.searchParams.set('error_description', `${bank.name} kon de identiteit niet bevestigen`);
  }
  return url.toString();
}
