import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

const complete = {
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_BUCKET: 'paraaf',
  S3_ACCESS_KEY_ID: 'sleutel',
  S3_SECRET_ACCESS_KEY: 'geheim',
};

describe('the S3_* settings', () => {
  it('unset: files stay on disk', () => {
    expect(loadConfig({}).s3).toBeNull();
  });

  it('all four: the bucket, us-east-1 and virtual-host style unless told otherwise', () => {
    expect(loadConfig(complete).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'paraaf',
      accessKeyId: 'sleutel',
      secretAccessKey: 'geheim',
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(
      loadConfig({ ...complete, S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'true' }).s3,
    ).toMatchObject({ region: 'eu-central-1', forcePathStyle: true });
  });

  it('half a configuration stops the start and names what is missing', () => {
    const { S3_SECRET_ACCESS_KEY: _, ...withoutSecret } = complete;
    expect(() => loadConfig(withoutSecret)).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'paraaf' })).toThrow(
      /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'true' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...complete, S3_ENDPOINT: 'geen url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...complete, S3_FORCE_PATH_STYLE: 'ja' })).toThrow();
  });
});
