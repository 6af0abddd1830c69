import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import S3rver, { type S3rverContext } from '@20minutes/s3rver';
import type { S3Settings } from '../src/lib/storage/s3-storage.ts';

/** s3rver's built-in account. */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Server {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver: HTTP, SigV4, XML, multipart, ranges) on a free loopback
 * port, its objects in a temporary directory. s3rver does not implement conditional writes
 * (`If-None-Match: *` on PUT, which AWS S3 and MinIO do); `conditionalWrites` adds them the way
 * S3 defines them, so the driver's putIfAbsent runs its production code here too.
 */
export async function startS3Server(): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  server.middleware.unshift(conditionalWrites(server));
  // Just before the router (the last middleware), after its path-style/vhost detection.
  server.middleware.splice(server.middleware.length - 1, 0, bucketPathSignatures);
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A new, empty bucket on the server: each test app has its own, as each has its own database. */
export async function createTestBucket(endpoint: string): Promise<S3Settings> {
  const settings: S3Settings = {
    endpoint,
    bucket: `paraaf-${randomUUID()}`,
    region: 'us-east-1',
    forcePathStyle: true,
    ...credentials,
  };
  // Test provisioning, as s3rver's `configureBuckets` option would: an unsigned PUT.
  const res = await fetch(`${endpoint}/${settings.bucket}`, { method: 'PUT' });
  if (!res.ok) throw new Error(`s3rver made no bucket: ${res.status} ${await res.text()}`);
  return settings;
}

/** The S3_* environment of a child process using `settings` (fifty-signings, migrate, bench). */
export function s3Env(settings: S3Settings): Record<string, string> {
  return {
    S3_ENDPOINT: settings.endpoint,
    S3_BUCKET: settings.bucket,
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    S3_REGION: settings.region,
    S3_FORCE_PATH_STYLE: String(settings.forcePathStyle),
  };
}

/**
 * s3rver checks a path-style bucket request (`GET /bucket/?list-type=2`) against the canonical
 * path `/bucket`, where the SDK signed `/bucket/` as S3 does, so every such request would fail
 * with SignatureDoesNotMatch. Its virtual-host branch builds `/bucket` + mount path: with `/` as
 * mount path that is the path signed. The signature is still checked, against the right path.
 */
function bucketPathSignatures(ctx: S3rverContext, next: () => Promise<void>): Promise<void> {
  if (!ctx.state.vhost && /^\/[^/]+\/$/.test(ctx.path)) {
    ctx.state.vhost = true;
    ctx.mountPath = '/';
  }
  return next();
}

/**
 * `PUT` with `If-None-Match: *`: 412 PreconditionFailed when the key holds an object, else the
 * put; puts of one key are taken one at a time, so of two racing writers exactly one wins.
 */
function conditionalWrites(server: S3rver) {
  const tails = new Map<string, Promise<void>>();
  return async (ctx: S3rverContext, next: () => Promise<void>): Promise<void> => {
    const conditional =
      ctx.method === 'PUT' &&
      ctx.headers['if-none-match'] === '*' &&
      ctx.query.uploadId === undefined &&
      ctx.headers['x-amz-copy-source'] === undefined;
    if (!conditional) return next();
    const [bucket = '', ...rest] = ctx.path.replace(/^\//, '').split('/');
    const key = decodeURIComponent(rest.join('/'));
    const id = `${bucket}/${key}`;
    const before = tails.get(id) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = before.then(() => mine);
    tails.set(id, tail);
    await before;
    try {
      if (await server.store.existsObject(bucket, key)) {
        ctx.status = 412;
        ctx.type = 'application/xml';
        ctx.body =
          '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code>' +
          '<Message>At least one of the pre-conditions you specified did not hold</Message>' +
          '<Condition>If-None-Match</Condition></Error>';
        return;
      }
      await next();
    } finally {
      release();
      if (tails.get(id) === tail) tails.delete(id);
    }
  };
}
