// How node runs Paraaf's processes, in one place: `npm start` (scripts/start.mjs) and the test
// and bench servers (scripts/lib/server.mjs) use these, so what is measured is what runs.
// (`npm run worker`, apps/api/package.json, passes WORKER_NODE_ARGS' flag itself.)

/**
 * The api process (embedded default: api and jobs in one): a 256 MB JavaScript heap and 8 MB
 * young-generation semi-spaces, so garbage is collected before the process grows. Documents and
 * images live outside this heap. 16 signings at once on PGlite: peak RSS 731 → 561 MB, 266 →
 * 254 signings/min (idle machine, bench-signings.mjs).
 */
export const SERVER_NODE_ARGS = ['--max-old-space-size=256', '--max-semi-space-size=8'];

/**
 * The jobs-only process: a 256 MB heap (a 10,000-row bulk send: peak 554 → 398 MB, as fast).
 */
export const WORKER_NODE_ARGS = ['--max-old-space-size=256'];

/**
 * glibc keeps a memory arena per thread (the PDF workers, pg, libuv): two arenas instead of up
 * to 8 per core saved about 100 MB at 16 signings at once. A value set by the host wins.
 */
export const processEnv = () => ({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' });
