import { eq } from 'drizzle-orm';
import { walletAttributeLabels } from '@paraaf/contract';
import type { FastifyInstance } from 'fastify';
import { signers, walletSessions } from '../../db/schema/index.ts';
import type { Ctx } from '../../lib/context.ts';
import { escapeHtml } from '../../lib/mail/layout.ts';
import type { TestPerson } from '../../lib/wallet/test-issuer.ts';
import type { TestWalletChoice, TestWalletFormat } from '../../lib/wallet/test-wallet.ts';
import { loopbackFetch } from './loopback-fetch.ts';
import { askedOf } from './start-wallet.ts';
import { testStatusListUri } from './status-lists.ts';
import { testIssuer } from './wallet-identities.ts';

/**
 * The test wallet and the test issuer behind it (the SD-JWT and mdoc libraries), loaded on the
 * first visit to the page: a process that serves no wallet signing does not hold them.
 */
const testWallet = () => import('../../lib/wallet/test-wallet.ts');

const choiceLabels: Record<TestWalletChoice, string> = {
  share: 'Delen',
  refuse: 'Weigeren',
  tampered: 'Gewijzigd bewijs delen',
  expired: 'Verlopen bewijs delen',
  revoked: 'Ingetrokken bewijs delen',
};

const style = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#eef2f7;color:#1a1b1e}
header{background:#1c3f94;color:#fff;padding:1rem 1.25rem;display:flex;align-items:center;gap:.6rem}
header .logo{background:#ffcc00;color:#1c3f94;font-weight:800;border-radius:6px;padding:.15rem .45rem}
main{max-width:34rem;margin:1rem auto;padding:0 1rem}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1rem 1.25rem;margin-bottom:1rem}
h1{font-size:1.3rem;margin:.2rem 0 .75rem}h2{font-size:1rem;margin:0 0 .5rem}
.note{background:#fff3bf;border-radius:8px;padding:.6rem .8rem;font-size:.9rem;margin-bottom:1rem}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:.35rem 0;border-bottom:1px solid #e9ecef}th{font-weight:500;color:#495057;width:45%}
.formats{display:flex;gap:.5rem;flex-wrap:wrap}.formats label{border:1px solid #ced4da;border-radius:8px;padding:.5rem .75rem}
.buttons{display:grid;gap:.5rem}
button{border:0;border-radius:8px;padding:.8rem 1rem;font-size:1rem;font-weight:600;cursor:pointer;background:#e9ecef;color:#1a1b1e}
button[value=share]{background:#1c3f94;color:#fff}
button:focus-visible,input:focus-visible{outline:3px solid #4dabf7;outline-offset:2px}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${style}</style></head><body><header><span class="logo">EU</span><span>Testwallet van Paraaf</span></header><main>${body}</main></body></html>`;
}

export function unknownWalletRequestPage(): string {
  return page(
    'Wallet-aanvraag onbekend — Paraaf',
    `<div class="card"><h1>Deze aanvraag is onbekend of verlopen</h1><p>Ga terug naar de ondertekenpagina en start de wallet-verificatie opnieuw.</p></div>`,
  );
}

/** The open attempt behind an openid4vp:// link, with the signer it is for. */
async function attemptOf(ctx: Ctx, link: string) {
  let requestUri: string | null;
  try {
    requestUri = new URL(link).searchParams.get('request_uri');
  } catch {
    return null;
  }
  const requestId = requestUri?.split('/').pop();
  if (!requestId || requestId.length > 100) return null;
  const [row] = await ctx.db
    .select({ session: walletSessions, signer: signers })
    .from(walletSessions)
    .innerJoin(signers, eq(signers.id, walletSessions.signerId))
    .where(eq(walletSessions.requestId, requestId));
  if (!row || row.session.status !== 'started') return null;
  if (row.session.expiresAt.getTime() <= ctx.now().getTime()) return null;
  return row;
}

/** The test PID's holder: the signer's own name (a real wallet holds the person's). */
function personOf(signer: { firstname: string; lastname: string }): TestPerson {
  return {
    given_name: signer.firstname,
    family_name: signer.lastname,
    birth_date: '1980-05-17',
    nationality: ['NL'],
  };
}

/** GET /dev/wallet?link=openid4vp://…: what the wallet would show — the PID and the choices. */
export async function renderTestWallet(ctx: Ctx, link: string): Promise<string | null> {
  const found = await attemptOf(ctx, link);
  if (!found) return null;
  const person = personOf(found.signer);
  const asked = askedOf(found.signer);
  const shown: Record<string, string> = {
    given_name: person.given_name,
    family_name: person.family_name,
  };
  if (asked.includes('birth_date')) shown.birth_date = person.birth_date;
  if (asked.includes('nationality')) shown.nationality = person.nationality.join(', ');
  const rows = Object.entries(shown)
    .map(
      ([k, v]) =>
        `<tr><th scope="row">${escapeHtml(walletAttributeLabels[k] ?? k)}</th><td>${escapeHtml(v)}</td></tr>`,
    )
    .join('');
  const { testWalletChoices } = await testWallet();
  const buttons = testWalletChoices
    .map((c) => `<button type="submit" name="choice" value="${c}">${choiceLabels[c]}</button>`)
    .join('');
  return page(
    'Testwallet — Paraaf',
    `<h1>Paraaf vraagt om je gegevens</h1>
<p class="note">Dit is een testwallet: het persoonsbewijs (PID) komt van de testuitgever van Paraaf en is alleen in deze testomgeving geldig.</p>
<form method="post" action="/dev/wallet">
<input type="hidden" name="link" value="${escapeHtml(link)}">
<section class="card"><h2>Deze gegevens worden gedeeld</h2><table><tbody>${rows}</tbody></table></section>
<section class="card"><h2 id="vorm-kop">Vorm van het bewijs</h2><div class="formats" role="radiogroup" aria-labelledby="vorm-kop">
<label><input type="radio" name="format" value="sd-jwt" checked> SD-JWT VC</label>
<label><input type="radio" name="format" value="mdoc"> ISO mdoc</label></div></section>
<div class="buttons">${buttons}</div>
</form>`,
  );
}

/**
 * POST /dev/wallet (link, format, choice): the test wallet answers the real request with a real
 * presentation (or a refusal) and shows how the verifier took it. null: unknown attempt.
 */
export async function submitTestWallet(
  ctx: Ctx,
  app: FastifyInstance,
  form: Record<string, unknown>,
): Promise<string | null> {
  const link = typeof form.link === 'string' ? form.link : '';
  const { answerWithTestWallet, testWalletChoices } = await testWallet();
  const choice = testWalletChoices.find((c) => c === form.choice);
  const format: TestWalletFormat = form.format === 'mdoc' ? 'mdoc' : 'sd-jwt';
  if (!choice) return null;
  const found = await attemptOf(ctx, link);
  if (!found) return null;
  const answer = await answerWithTestWallet({
    link,
    choice,
    format,
    person: personOf(found.signer),
    issuer: await testIssuer(ctx.db),
    issuerId: `${ctx.config.appUrl}/dev/wallet`,
    statusListUri: testStatusListUri(ctx.config),
    fetch: loopbackFetch(app, ctx.config.appUrl),
    now: ctx.now(),
  });
  const description = (answer.body as { error_description?: string } | null)?.error_description;
  const text =
    answer.status === 200
      ? 'Je gegevens zijn gedeeld. Ga terug naar de ondertekenpagina.'
      : (description ?? 'Paraaf heeft je gegevens niet aangenomen.');
  return page(
    'Testwallet — Paraaf',
    `<div class="card" role="status"><h1>${answer.status === 200 ? 'Gedeeld' : 'Niet gelukt'}</h1><p>${escapeHtml(text)}</p></div>`,
  );
}
