import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { mails, smsMessages } from '../../db/schema/index.ts';
import type { Deps } from '../../lib/context.ts';
import { escapeHtml } from '../../lib/mail/layout.ts';

/**
 * The outbox of an installation without SMTP. Registered only when SMTP_URL is unset, and only
 * answered for requests from this machine (lib/simulator-access.ts): the mails carry login links.
 */
export function mailboxRoutes(app: FastifyInstance, deps: Deps): void {
  app.get<{ Querystring: { format?: string } }>('/dev/mailbox', async (request, reply) => {
    const rows = await deps.db
      .select({
        id: mails.id,
        to: mails.to,
        subject: mails.subject,
        createdAt: mails.createdAt,
        text: mails.text,
      })
      .from(mails)
      .orderBy(desc(mails.id))
      .limit(200);
    // SMS of the simulator (SMS_PROVIDER=simulator): the only place a tester reads the codes.
    const sms = await deps.db
      .select({
        id: smsMessages.id,
        to: smsMessages.to,
        sender: smsMessages.sender,
        createdAt: smsMessages.createdAt,
        body: smsMessages.body,
      })
      .from(smsMessages)
      .orderBy(desc(smsMessages.id))
      .limit(200);
    if (request.query.format === 'json') return { data: rows, sms };
    const smsItems = sms
      .map(
        (m) =>
          `<tr><td>${m.createdAt.toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam' })}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.sender)}</td><td>${escapeHtml(m.body ?? '(verstuurd via de SMS-dienst)')}</td></tr>`,
      )
      .join('');
    const items = rows
      .map(
        (m) =>
          `<tr><td>${m.createdAt.toLocaleString('nl-NL', { timeZone: 'Europe/Amsterdam' })}</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Mailbox — Paraaf</title><style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left}</style></head><body><h1>Mailbox</h1><p>Geen SMTP ingesteld: alle mail van Paraaf staat hier.</p><table><thead><tr><th>Tijd</th><th>Aan</th><th>Onderwerp</th></tr></thead><tbody>${items || '<tr><td colspan="3">Nog geen mail verstuurd</td></tr>'}</tbody></table><h2>SMS</h2><table><thead><tr><th>Tijd</th><th>Aan</th><th>Afzender</th><th>Bericht</th></tr></thead><tbody>${smsItems || '<tr><td colspan="4">Nog geen sms verstuurd</td></tr>'}</tbody></table></body></html>`,
      );
  });

  app.get<{ Params: { id: number } }>(
    '/dev/mailbox/:id',
    {
      schema: {
        params: {
          type: 'object',
          properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
        },
      },
    },
    async (request, reply) => {
      const [mail] = await deps.db.select().from(mails).where(eq(mails.id, request.params.id));
      if (!mail) return reply.code(404).send({ message: 'Niet gevonden' });
      return reply.type('text/html; charset=utf-8').send(mail.html ?? escapeHtml(mail.text ?? ''));
    },
  );
}
