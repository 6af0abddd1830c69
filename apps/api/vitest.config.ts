import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // TEST_STORAGE=s3: every test app stores its files in a bucket of one s3rver (test/s3.ts).
    globalSetup: ['test/global-setup.ts'],
  },
});
