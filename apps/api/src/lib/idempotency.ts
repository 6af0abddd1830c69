import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiKeyMessages } from '@paraaf/contract';
import type { DbOrTx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { ConflictError, ValidationError } from './errors.ts';

/** What an `Idempotency-Key` header may hold: printable ASCII without spaces, 1–255 long. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_TTL_HOURS = 24;
/** Answers larger than this are not kept: a retry runs again (only conversions answer so much). */
const MAX_STORED_BYTES = 1024 * 1024;

/** The `Idempotency-Key` of a request, validated; undefined when the header is absent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw ValidationError.field('idempotency_key', apiKeyMessages.idempotencyKeyInvalid);
  }
  return header;
}

/**
 * What makes two requests "the same": method, URL and JSON body. A multipart body is read by the
 * route itself (after this hook), so an upload is known by its method and URL alone.
 */
function requestHash(request: FastifyRequest): string {
  const body = request.isMultipart() ? '' : JSON.stringify(request.body ?? null);
  return createHash('sha256').update(`${request.method}\n${request.url}\n${body}`).digest('hex');
}

/**
 * Takes the key for this request: a new row, or an expired one taken over. Null when a live row
 * holds the key (another request's, running or done).
 */
async function claimKey(
  db: DbOrTx,
  row: { companyId: number; key: string; method: string; path: string; requestHash: string },
): Promise<number | null> {
  const [claimed] = await db
    .insert(idempotencyKeys)
    .values(row)
    .onConflictDoUpdate({
      target: [idempotencyKeys.companyId, idempotencyKeys.key],
      set: {
        method: row.method,
        path: row.path,
        requestHash: row.requestHash,
        state: 'running',
        statusCode: null,
        contentType: null,
        body: null,
        createdAt: sql`now()`,
      },
      setWhere: sql`${idempotencyKeys.createdAt} <= now() - interval '24 hours'`,
    })
    .returning({ id: idempotencyKeys.id });
  return claimed?.id ?? null;
}

async function findKey(db: DbOrTx, companyId: number, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.companyId, companyId), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

/** Removes keys older than a day (the periodic sweep). */
export async function sweepIdempotencyKeys(db: DbOrTx): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} <= now() - interval '24 hours'`)
    .returning({ id: idempotencyKeys.id });
  return removed.length;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency_keys row this request holds while it runs (lib/idempotency.ts). */
    idempotencyRowId: number | null;
  }
}

function replay(
  reply: FastifyReply,
  row: NonNullable<Awaited<ReturnType<typeof findKey>>>,
): FastifyReply {
  reply.code(row.statusCode!).header('idempotent-replayed', 'true');
  if (row.contentType) reply.header('content-type', row.contentType);
  return reply.send(row.body ?? undefined);
}

/**
 * `Idempotency-Key` on every authenticated POST (session or API key; design §5): the first
 * request with a key runs and its answer is kept for 24 hours per company; a retry with the same
 * key and the same request gets that answer again (`Idempotent-Replayed: true`) and creates
 * nothing; while the first still runs, 409; the same key for another request, 422. An error
 * answer (4xx or 5xx: nothing was changed, every change is one transaction) is not kept, so a
 * retry runs. A process killed between the change's commit and keeping its answer leaves the key
 * running: retries get 409 until it expires, never a second run.
 */
export function registerIdempotency(app: FastifyInstance, db: DbOrTx): void {
  app.decorateRequest('idempotencyRowId', null);

  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || !request.auth) return;
    const key = idempotencyKeyOf(request);
    if (key === undefined) return;
    const companyId = request.auth.user.companyId;
    const hash = requestHash(request);
    const path = request.url.slice(0, 2000);
    // A row forgotten between our claim and our read (its request failed) is claimed again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimed = await claimKey(db, {
        companyId,
        key,
        method: request.method,
        path,
        requestHash: hash,
      });
      if (claimed !== null) {
        request.idempotencyRowId = claimed;
        return;
      }
      const row = await findKey(db, companyId, key);
      if (!row) continue;
      if (row.requestHash !== hash) {
        throw ValidationError.field('idempotency_key', apiKeyMessages.idempotencyKeyReused);
      }
      if (row.state === 'running') throw new ConflictError(apiKeyMessages.idempotencyKeyInProgress);
      return replay(reply, row);
    }
    throw new ConflictError(apiKeyMessages.idempotencyKeyInProgress);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyRowId;
    if (id === null) return payload;
    request.idempotencyRowId = null;
    const body =
      typeof payload === 'string'
        ? Buffer.from(payload)
        : Buffer.isBuffer(payload)
          ? payload
          : null;
    if (reply.statusCode >= 400 || body === null || body.length > MAX_STORED_BYTES) {
      await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await db
      .update(idempotencyKeys)
      .set({
        state: 'done',
        statusCode: reply.statusCode,
        contentType: typeof contentType === 'string' ? contentType : null,
        body,
      })
      .where(eq(idempotencyKeys.id, id));
    return payload;
  });

  // A request that ended without an answer being sent (the client went away) lets go of its key.
  app.addHook('onResponse', async (request) => {
    const id = request.idempotencyRowId;
    if (id === null) return;
    request.idempotencyRowId = null;
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
  });
}
