import { createDatabase, freePort, startServer as spawnServer } from '../../scripts/lib/server.mjs';

export interface RunningServer {
  baseUrl: string;
  /** The server's own PostgreSQL database (DATABASE_URL set), else null (PGlite). */
  databaseUrl: string | null;
  stop(): Promise<void>;
}

/** Runs the built product as `npm start` would, on its own port, data dir and database. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  // A fresh database on DATABASE_URL's server when set, else none (the app then uses PGlite).
  const adminUrl = process.env.DATABASE_URL;
  const database = adminUrl ? await createDatabase(adminUrl, { prefix: 'paraaf_e2e_' }) : null;
  const port = await freePort();
  try {
    const server = await spawnServer({
      port,
      dataDirPrefix: 'paraaf-e2e-',
      env: {
        APP_URL: `http://127.0.0.1:${port}`,
        JOB_POLL_SECONDS: '0.5',
        // The specs' API helper registers through the loopback as a proxy (support/api.ts).
        TRUST_PROXY: '127.0.0.1',
        // Webhook receivers of the specs listen on 127.0.0.1 over plain http (never in production).
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...env,
      },
    });
    return {
      baseUrl: server.baseUrl,
      databaseUrl: database?.url ?? null,
      async stop() {
        await server.stop();
        await database?.drop();
      },
    };
  } catch (error) {
    await database?.drop();
    throw error;
  }
}
