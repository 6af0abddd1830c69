import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { signerApiMessages } from '@paraaf/contract';
import type { DbOrTx } from '../../db/client.ts';
import { signerCodes } from '../../db/schema/index.ts';
import { createDigits, createToken, sha256 } from '../../lib/crypto.ts';
import { TooManyRequestsError } from '../../lib/errors.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';

export type CodeChannel = 'email' | 'sms';

export const CODE_LENGTH = 6;
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/** Resend throttle per signer and channel: one per 30 seconds, five per hour. */
export const CODE_MIN_INTERVAL_SECONDS = 30;
export const CODE_MAX_PER_HOUR = 5;

/** `salt$sha256(salt:signer:channel:code)`: the hash alone does not say which code it is. */
function hashCode(salt: string, signerId: number, channel: CodeChannel, code: string): string {
  return `${salt}$${sha256(`${salt}:${signerId}:${channel}:${code}`)}`;
}

async function throttle(db: DbOrTx, signerId: number, channel: CodeChannel): Promise<void> {
  const key = `signer-code:${channel}:${signerId}`;
  try {
    await hitRateLimit(db, `${key}:30s`, 1, CODE_MIN_INTERVAL_SECONDS);
  } catch (error) {
    if (error instanceof TooManyRequestsError) {
      throw new TooManyRequestsError(error.retryAfterSeconds, signerApiMessages.codeTooSoon);
    }
    throw error;
  }
  try {
    await hitRateLimit(db, `${key}:1h`, CODE_MAX_PER_HOUR, 3600);
  } catch (error) {
    if (error instanceof TooManyRequestsError) {
      throw new TooManyRequestsError(error.retryAfterSeconds, signerApiMessages.codeTooMany);
    }
    throw error;
  }
}

/**
 * Creates a fresh 6-digit code for a signer on a channel and returns it in plain text (to be
 * sent by the caller, in the same transaction). Throttled per signer and channel: at most one
 * per 30 s and five per hour, else a 429 with a Dutch message. Older unused codes of the same
 * channel stop working. Only a salted hash is stored; it is valid for 10 minutes, single use,
 * five wrong tries.
 */
export async function issueCode(
  db: DbOrTx,
  signerId: number,
  channel: CodeChannel,
  now: Date = new Date(),
): Promise<string> {
  await throttle(db, signerId, channel);
  await db
    .update(signerCodes)
    .set({ expiresAt: now })
    .where(
      and(
        eq(signerCodes.signerId, signerId),
        eq(signerCodes.channel, channel),
        isNull(signerCodes.usedAt),
        gt(signerCodes.expiresAt, now),
      ),
    );
  const code = createDigits(CODE_LENGTH);
  const salt = createToken().slice(0, 16);
  await db.insert(signerCodes).values({
    signerId,
    channel,
    codeHash: hashCode(salt, signerId, channel, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
  });
  return code;
}

/**
 * Checks a code against the signer's newest code on the channel. The attempt is counted in the
 * same UPDATE that fetches the code (only while fewer than five were made, the code is unused
 * and not expired), so parallel guesses cannot exceed the limit. A match marks the code used
 * (conditionally: a code works once). Returns whether the code was right.
 */
export async function verifyCode(
  db: DbOrTx,
  signerId: number,
  channel: CodeChannel,
  code: string,
): Promise<boolean> {
  const newest = db
    .select({ id: signerCodes.id })
    .from(signerCodes)
    .where(and(eq(signerCodes.signerId, signerId), eq(signerCodes.channel, channel)))
    .orderBy(desc(signerCodes.id))
    .limit(1);
  const [attempt] = await db
    .update(signerCodes)
    .set({ attempts: sql`${signerCodes.attempts} + 1` })
    .where(
      and(
        eq(signerCodes.id, sql`(${newest})`),
        isNull(signerCodes.usedAt),
        gt(signerCodes.expiresAt, sql`now()`),
        lt(signerCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: signerCodes.id, codeHash: signerCodes.codeHash });
  if (!attempt) return false;
  const salt = attempt.codeHash.split('$')[0]!;
  if (attempt.codeHash !== hashCode(salt, signerId, channel, code)) return false;
  const [used] = await db
    .update(signerCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(signerCodes.id, attempt.id), isNull(signerCodes.usedAt)))
    .returning({ id: signerCodes.id });
  return Boolean(used);
}

/**
 * Until when the signer's newest code on each channel can still be entered (unused, not expired,
 * tries left), or null: the page shows the code input again after a reload. Never the code.
 */
export async function pendingCodes(
  db: DbOrTx,
  signerId: number,
  now: Date = new Date(),
): Promise<Record<CodeChannel, string | null>> {
  const rows = await db
    .selectDistinctOn([signerCodes.channel], {
      channel: signerCodes.channel,
      expiresAt: signerCodes.expiresAt,
      usedAt: signerCodes.usedAt,
      attempts: signerCodes.attempts,
    })
    .from(signerCodes)
    .where(eq(signerCodes.signerId, signerId))
    .orderBy(signerCodes.channel, desc(signerCodes.id));
  const out: Record<CodeChannel, string | null> = { email: null, sms: null };
  for (const row of rows) {
    const channel = row.channel;
    if (!(channel in out)) continue;
    const live =
      !row.usedAt && row.expiresAt.getTime() > now.getTime() && row.attempts < CODE_MAX_ATTEMPTS;
    out[channel] = live ? row.expiresAt.toISOString() : null;
  }
  return out;
}
