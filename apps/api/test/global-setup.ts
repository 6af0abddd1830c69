import type { TestProject } from 'vitest/node';
import { startS3Server } from './s3.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The s3rver every test app of this run uses (TEST_STORAGE=s3); '' on disk. */
    s3Endpoint: string;
  }
}

/** TEST_STORAGE=s3: one S3-protocol server for the whole run; each test app makes its bucket. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_STORAGE !== 's3') {
    project.provide('s3Endpoint', '');
    return;
  }
  const server = await startS3Server();
  project.provide('s3Endpoint', server.endpoint);
  return () => server.close();
}
