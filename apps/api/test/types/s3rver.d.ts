/** The parts of @20minutes/s3rver (a Koa application; no type declarations of its own) the tests use. */
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';
  export interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    headers: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
    state: { vhost?: boolean };
    mountPath?: string;
  }
  type Middleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void>;
  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
      allowMismatchedSignatures?: boolean;
    });
    middleware: Middleware[];
    store: { existsObject(bucket: string, key: string): Promise<boolean> };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
