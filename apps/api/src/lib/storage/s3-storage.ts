import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertStorageKey, StorageKeyMissingError, type Storage } from './storage.ts';

/** The S3_* settings (config/env.ts): any S3-compatible service (AWS, MinIO, s3rver, …). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** `bucket` in the path rather than the host name (MinIO, s3rver). */
  forcePathStyle: boolean;
}

/** Streamed uploads go up in parts of this size, two at a time: at most ~16 MB in memory. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;
/** S3 answers 409 when another conditional write on the key is under way: ask again. */
const CONDITIONAL_RETRIES = 5;

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    // Checksums only where the API needs them: S3-compatible servers other than AWS (MinIO,
    // s3rver, …) do not all understand the SDK's default trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || statusOf(error) === 404;
}

export function createS3Storage(settings: S3Settings, client = s3Client(settings)): Storage {
  const Bucket = settings.bucket;
  const metadataOf = (sha256?: string) => (sha256 ? { sha256 } : undefined);
  return {
    async put(key, data) {
      assertStorageKey(key);
      // A PUT is atomic on S3: readers see the old object or the new one, never a part.
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data }));
    },
    async putIfAbsent(key, data) {
      assertStorageKey(key);
      for (let attempt = 0; ; attempt += 1) {
        try {
          // A conditional write: S3 refuses it (412) when an object exists under the key, and
          // of two writers racing, exactly one succeeds.
          await client.send(
            new PutObjectCommand({ Bucket, Key: key, Body: data, IfNoneMatch: '*' }),
          );
          return true;
        } catch (error) {
          const status = statusOf(error);
          if (status === 412) return false;
          if (status !== 409 || attempt >= CONDITIONAL_RETRIES) throw error;
        }
      }
    },
    async putStream(key, stream, options) {
      assertStorageKey(key);
      // Multipart for what is larger than one part: the object appears only when complete.
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: stream, Metadata: metadataOf(options?.sha256) },
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async get(key) {
      const body = await getBody(key);
      return Buffer.from(await body.transformToByteArray());
    },
    async getStream(key, range) {
      const body = await getBody(key, range);
      return body instanceof Readable ? body : Readable.from(body as AsyncIterable<Uint8Array>);
    },
    async head(key) {
      assertStorageKey(key);
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: out.ContentLength ?? 0, sha256: out.Metadata?.sha256 ?? null };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: prefix || undefined,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async delete(key) {
      assertStorageKey(key);
      // S3 answers 204 for a key without an object too.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };

  async function getBody(key: string, range?: { start: number; end: number }) {
    assertStorageKey(key);
    try {
      const out = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!out.Body) throw new Error(`S3 sent no body for ${key}`);
      return out.Body;
    } catch (error) {
      if (isNotFound(error)) throw new StorageKeyMissingError(key);
      throw error;
    }
  }
}
