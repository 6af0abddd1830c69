import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['apps/api', 'apps/web', 'packages/embed'],
    // Vitest's default (cores − 1) runs one file at a time on a 2-core machine, while most api
    // files spend their time waiting on PostgreSQL, SMTP or a child server: one per core.
    maxWorkers: '100%',
  },
});
