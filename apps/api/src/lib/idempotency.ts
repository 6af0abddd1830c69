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
 * Whose keys these are (Stripe's rule: a key belongs to the credential that made it): an API key,
 * a platform admin's session as a user (each its own caller), or the user with any of its own
 * sessions. Another caller's key is unknown to this one: the request simply runs as its own.
 */
function callerOf(auth: {
  user: { id: number };
  tokenId: number | null;
  apiKeyId: number | null;
  impersonatorId: number | null;
}): string {
  if (auth.apiKeyId !== null) return `api-key:${auth.apiKeyId}`;
  if (auth.impersonatorId !== null) return `impersonation:${auth.tokenId}`;
  return `user:${auth.user.id}`;
}

/**
 * What makes two requests "the same": method, URL and body. A JSON body is known here; a
 * multipart body only once the route has read it (`readUpload` passes the digest of its parts).
 */
function requestHash(request: FastifyRequest, body: string): string {
  return createHash('sha256').update(`${request.method}\n${request.url}\n${body}`).digest('hex');
}

type KeyRow = typeof idempotencyKeys.$inferSelect;

/** A retry's kept answer, thrown at the route's permission check and sent by the error handler. */
export class KeptAnswer extends Error {
  constructor(private readonly row: KeyRow) {
    super('idempotent replay');
  }
  send(reply: FastifyReply): FastifyReply {
    reply.code(this.row.statusCode!).header('idempotent-replayed', 'true');
    if (this.row.contentType) reply.header('content-type', this.row.contentType);
    return reply.send(this.row.body ?? undefined);
  }
}

interface IdempotencyState {
  db: DbOrTx;
  companyId: number;
  caller: string;
  key: string;
  /** The idempotency_keys row this request holds while it runs. */
  rowId: number | null;
  /** What this request gets once the route has checked the caller: a kept answer, 409 or 422. */
  outcome: Error | null;
  /** The route checked the caller's permission (`authedCtx`): only then is its answer kept. */
  checked: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's Idempotency-Key and what became of it (lib/idempotency.ts). */
    idempotency: IdempotencyState | null;
  }
  interface FastifyContextConfig {
    /**
     * Top-level fields of the answer that hold a secret (a new API key, a webhook secret, a
     * session token): a kept answer leaves them out, so a replay repeats the object without them.
     */
    answerSecrets?: readonly string[];
  }
}

/**
 * Takes the key for this request: a new row, or an expired one taken over. Null when a live row
 * holds the key (another request's of the same caller, running or done).
 */
async function claimKey(
  state: IdempotencyState,
  row: { method: string; path: string; requestHash: string },
): Promise<number | null> {
  const [claimed] = await state.db
    .insert(idempotencyKeys)
    .values({ ...row, companyId: state.companyId, caller: state.caller, key: state.key })
    .onConflictDoUpdate({
      target: [idempotencyKeys.companyId, idempotencyKeys.caller, idempotencyKeys.key],
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

async function findKey(state: IdempotencyState): Promise<KeyRow | null> {
  const [row] = await state.db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.companyId, state.companyId),
        eq(idempotencyKeys.caller, state.caller),
        eq(idempotencyKeys.key, state.key),
      ),
    );
  return row ?? null;
}

/**
 * Claims the key for this request (`state.rowId`), or says what a retry gets instead: the kept
 * answer, 409 while the first still runs, 422 when the key was used for another request.
 */
async function claimOrOutcome(
  state: IdempotencyState,
  request: FastifyRequest,
  body: string,
): Promise<Error | null> {
  const hash = requestHash(request, body);
  const path = request.url.slice(0, 2000);
  // A row forgotten between our claim and our read (its request failed) is claimed again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await claimKey(state, { method: request.method, path, requestHash: hash });
    if (claimed !== null) {
      state.rowId = claimed;
      return null;
    }
    const row = await findKey(state);
    if (!row) continue;
    if (row.requestHash !== hash) {
      return ValidationError.field('idempotency_key', apiKeyMessages.idempotencyKeyReused);
    }
    if (row.state === 'running') return new ConflictError(apiKeyMessages.idempotencyKeyInProgress);
    return new KeptAnswer(row);
  }
  return new ConflictError(apiKeyMessages.idempotencyKeyInProgress);
}

/**
 * Called by `authedCtx` once the route has authenticated the caller and checked its permission:
 * only now may a retry get its kept answer (or the key's 409/422). A caller without the right
 * got the route's 403 before this, exactly as without the header.
 */
export function afterCallerChecked(request: FastifyRequest): void {
  const state = request.idempotency;
  if (!state || state.checked) return;
  state.checked = true;
  if (state.outcome) throw state.outcome;
}

/**
 * A multipart route has read its parts (`readUpload`, after its permission check): the digest of
 * the parts (names, values, the files' SHA-256) completes the request, and the key is claimed
 * now, or the kept answer, 409 or 422 thrown. Another upload under the same key is the 422.
 */
export async function claimForParts(request: FastifyRequest, partsDigest: string): Promise<void> {
  const state = request.idempotency;
  if (!state?.checked || state.rowId !== null) return;
  const outcome = await claimOrOutcome(state, request, `multipart\n${partsDigest}`);
  if (outcome) throw outcome;
}

/** Removes keys older than a day (the periodic sweep). */
export async function sweepIdempotencyKeys(db: DbOrTx): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} <= now() - interval '24 hours'`)
    .returning({ id: idempotencyKeys.id });
  return removed.length;
}

/** The answer as kept: without the fields the route names as secrets. */
function keptBody(request: FastifyRequest, body: Buffer): Buffer {
  const secrets = request.routeOptions.config.answerSecrets;
  if (!secrets?.length) return body;
  const answer = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  for (const field of secrets) delete answer[field];
  return Buffer.from(JSON.stringify(answer));
}

/**
 * `Idempotency-Key` on every authenticated POST (session or API key; design §5): the first
 * request with a key runs and its answer is kept for 24 hours for its caller (the user, the API
 * key or the impersonation session); a retry by that caller with the same key and the same
 * request gets that answer again (`Idempotent-Replayed: true`) and creates nothing; while the
 * first still runs, 409; the same key for another request, 422. Nothing of this reaches a
 * caller before the route's permission check (`authedCtx` → `afterCallerChecked`), and only a
 * route that checks its caller keeps answers. An error answer (4xx or 5xx: nothing was changed,
 * every change is one transaction) is not kept, so a retry runs. A process killed between the
 * change's commit and keeping its answer leaves the key running: retries get 409 until it
 * expires, never a second run.
 */
export function registerIdempotency(app: FastifyInstance, db: DbOrTx): void {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' || !request.auth) return;
    if (request.headers['idempotency-key'] === undefined) return;
    const state: IdempotencyState = {
      db,
      companyId: request.auth.user.companyId,
      caller: callerOf(request.auth),
      key: '',
      rowId: null,
      outcome: null,
      checked: false,
    };
    request.idempotency = state;
    try {
      state.key = idempotencyKeyOf(request)!;
    } catch (error) {
      state.outcome = error as Error;
      return;
    }
    // A multipart body is read by the route after its permission check: claimed then.
    if (request.isMultipart()) return;
    state.outcome = await claimOrOutcome(
      state,
      request,
      `json\n${JSON.stringify(request.body ?? null)}`,
    );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotency?.rowId ?? null;
    if (id === null) return payload;
    const checked = request.idempotency!.checked;
    request.idempotency!.rowId = null;
    const body =
      typeof payload === 'string'
        ? Buffer.from(payload)
        : Buffer.isBuffer(payload)
          ? payload
          : null;
    if (!checked || reply.statusCode >= 400 || body === null || body.length > MAX_STORED_BYTES) {
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
        body: keptBody(request, body),
      })
      .where(eq(idempotencyKeys.id, id));
    return payload;
  });

  // A request that ended without an answer being sent (the client went away) lets go of its key.
  app.addHook('onResponse', async (request) => {
    const id = request.idempotency?.rowId ?? null;
    if (id === null) return;
    request.idempotency!.rowId = null;
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
  });
}
