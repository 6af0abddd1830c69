import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __PARAAF_EMBED_VERSION__: JSON.stringify('0.0.0-test') },
  test: { name: 'embed', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'] },
});
