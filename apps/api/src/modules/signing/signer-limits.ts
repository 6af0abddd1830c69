import type { FastifyRequest } from 'fastify';
import { signerApiMessages } from '@paraaf/contract';
import type { Db } from '../../db/client.ts';
import { ctxFrom, type Ctx, type Deps } from '../../lib/context.ts';
import { sha256 } from '../../lib/crypto.ts';
import { BatchedRateLimit } from '../../lib/rate-limit.ts';

/**
 * Calls a minute from one client address whose link opens nothing (a token never issued: 404; a
 * retired link: 410). Guessing a 256-bit token is pointless, so this only stops a scanner's load;
 * it leaves room for a page kept open on a retired link (it asks once, its status at most every
 * 2 s) and a dozen people behind one office address opening old mails in the same minute.
 */
export const SIGNER_MISSES_PER_MINUTE = 60;

/**
 * Calls a minute of one valid link (counted per signer, whose links are all one). pdf.js reads a
 * document in 64 KiB ranges, so a whole document at the 25 MB upload cap is 400 calls; the
 * wallet step polls every 2 s (30 a minute), a waiting or embedded page its status every 3 s
 * (20): all of that within one minute still leaves 150 for the page and its steps. One link
 * cannot hammer the server beyond 10 calls a second.
 */
export const SIGNER_LINK_CALLS_PER_MINUTE = 600;

/**
 * How long a token that opened a link is let past its address's miss limit (in this process),
 * and how many such tokens a process remembers (64-character hashes: about 2 MB at most).
 */
const OPENED_TTL_MS = 60 * 60 * 1000;
const OPENED_MAX = 10_000;

/** What a signer's call reports once its link is looked up (resolveSigner). */
export interface SignerCallLimit {
  /** The link opened nothing (404, 410): counted against the client address; 429 past it. */
  missed(): void;
  /** The link opened signer `signerId` (`tokenHash`: its sha256): 429 past the link's limit. */
  opened(signerId: number, tokenHash: string): void;
}

/** A signer's call's context: the caller's, plus the limit its link lookup reports to. */
export type SignerCtx = Ctx & { signerLimit: SignerCallLimit };

/**
 * The limits of the signer endpoints (`/api/signing/{token}/…`, and the wallet's and bank's ways
 * back), one per api process, counted in memory and added to `rate_limits` about once a second
 * (`BatchedRateLimit`): a signer's call writes no counter.
 *
 * - Per client address, only misses count (`signing-miss:{ip}`). An address past its misses is
 *   refused before its next link is looked up, so a scanner costs no lookup; a token that opened
 *   a link in this process within the last hour still passes, so the signers already at work
 *   behind the same office address carry on (a new link from that address waits out the minute).
 * - Per valid link, a generous budget keyed by the signer (`signing-link:{signerId}`; never the
 *   token), so one link cannot hammer the server.
 */
export class SignerLimits {
  private readonly misses: BatchedRateLimit;
  private readonly links: BatchedRateLimit;
  /** Hashes of tokens that opened a link lately → until when they pass the miss limit. */
  private readonly opened = new Map<string, number>();

  constructor(db: Db) {
    this.misses = new BatchedRateLimit(db, {
      limit: SIGNER_MISSES_PER_MINUTE,
      windowSeconds: 60,
      message: signerApiMessages.tooManyInvalidLinks,
    });
    this.links = new BatchedRateLimit(db, {
      limit: SIGNER_LINK_CALLS_PER_MINUTE,
      windowSeconds: 60,
      message: signerApiMessages.linkTooBusy,
    });
  }

  /**
   * The context of a signer's call from `request`: 429 at once when its address is past its
   * misses (unless the path's token opened a link lately), else the caller's context with the
   * limit its link lookup reports to.
   */
  ctxOf(deps: Deps, request: FastifyRequest): SignerCtx {
    const ip = request.ip;
    const missKey = `signing-miss:${ip}`;
    const token = (request.params as { token?: unknown } | undefined)?.token;
    try {
      this.misses.check(missKey);
    } catch (error) {
      if (!(typeof token === 'string' && this.openedLately(sha256(token)))) throw error;
    }
    // The context gets its limit as a field, not as a spread copy: see contextOf in lib/context.ts.
    const ctx = ctxFrom(deps, request) as SignerCtx;
    ctx.signerLimit = {
      missed: () => this.misses.hit(missKey),
      opened: (signerId, tokenHash) => {
        this.links.hit(`signing-link:${signerId}`);
        this.remember(tokenHash);
      },
    };
    return ctx;
  }

  async close(): Promise<void> {
    await Promise.all([this.misses.close(), this.links.close()]);
  }

  private openedLately(tokenHash: string): boolean {
    const until = this.opened.get(tokenHash);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.opened.delete(tokenHash);
    return false;
  }

  private remember(tokenHash: string): void {
    // Re-inserted, so the map's order is oldest use first and the oldest goes when it is full.
    this.opened.delete(tokenHash);
    this.opened.set(tokenHash, Date.now() + OPENED_TTL_MS);
    if (this.opened.size > OPENED_MAX) this.opened.delete(this.opened.keys().next().value!);
  }
}
