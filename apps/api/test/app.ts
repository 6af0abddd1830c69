import net, { type AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Permission, Session } from '@paraaf/contract';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/env.ts';
import type { Auth } from '../src/lib/context.ts';
import { bearerToken } from '../src/modules/sessions/bearer-token.ts';
import type { Database } from '../src/db/client.ts';
import { createTestDatabase } from './database.ts';
import { startSmtpCatcher, type SmtpCatcher } from './smtp.ts';
import { createTestBucket } from './s3.ts';

/**
 * The storage of the test apps: their own bucket on the run's s3rver when the run has
 * TEST_STORAGE=s3 (test/global-setup.ts), else null (DATA_DIR/files on disk).
 */
export async function testS3Settings(): Promise<Config['s3']> {
  if (process.env.TEST_STORAGE !== 's3') return null;
  const { inject } = await import('vitest');
  const endpoint = inject('s3Endpoint');
  if (!endpoint) throw new Error('TEST_STORAGE=s3 but no s3rver: run the tests through vitest');
  return createTestBucket(endpoint);
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  smtp: SmtpCatcher;
  config: Config;
  /** Where the app listens (`http://127.0.0.1:<port>`), or null when it does not listen. */
  url: string | null;
  /** app.inject with JSON and an optional bearer token; each call comes from its own IP unless given. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /**
   * From now on the session with this token holds its role's permissions minus `lacking`: a
   * role without those permissions, for permissions every role of today's map holds.
   */
  withoutPermissions(token: string, lacking: Permission[]): void;
  close(): Promise<void>;
}

let ipCounter = 0;
/** A distinct client address per request keeps per-IP rate limits out of unrelated tests. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** A free loopback port: taken, read and given back, so the app can know its URL before it listens. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface TestAppOptions extends Omit<BuildOptions, 'database'> {
  /**
   * Listen on a free loopback port chosen before the app is built, with APP_URL
   * (config.appUrl) set to `http://127.0.0.1:<port>`: whatever calls back to APP_URL (the
   * payments simulator's API, checkout and webhooks) reaches this app over real HTTP.
   */
  listen?: boolean;
  /** On PostgreSQL: called with every statement the app's pool sends (to count them). */
  onStatement?: (text: string) => void;
}

/** The real app on a fresh database, with a real SMTP server catching its mail. */
export async function createTestApp(
  overrides: Partial<Omit<Config, 'limits'>> & { limits?: Partial<Config['limits']> } = {},
  { listen = false, onStatement, ...build }: TestAppOptions = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase(onStatement ? { onStatement } : {});
  const smtp = await startSmtpCatcher();
  const port = listen ? await freePort() : null;
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: port ? `http://127.0.0.1:${port}` : 'http://paraaf.test',
    // The OpenID provider simulator mounts a foreign app under /dev/oidc: only where a test asks.
    SSO_SIMULATOR: 'false',
  });
  const config: Config = {
    ...base,
    smtpUrl: smtp.url,
    webDist: null,
    s3: await testS3Settings(),
    jobPollSeconds: 0.5,
    ...overrides,
    // Limits a test leaves out keep their defaults.
    limits: { ...base.limits, ...overrides.limits },
  };
  const app = await buildApp(config, { ...build, database });
  const restricted = new Map<string, ReadonlySet<Permission>>();
  // After the session is resolved (onRequest), before any route checks a permission; a session
  // looked up again later in the request (session-guard.ts) is restricted the same way.
  app.addHook('preHandler', (request, _reply, done) => {
    const token = bearerToken(request);
    const lacking = token ? restricted.get(token) : undefined;
    if (!lacking) return done();
    const restrict = (auth: Auth | null): Auth | null =>
      auth && {
        ...auth,
        permissions: new Set([...auth.permissions].filter((p) => !lacking.has(p))),
      };
    let auth = restrict(request.auth);
    Object.defineProperty(request, 'auth', {
      configurable: true,
      get: () => auth,
      set: (value: Auth | null) => {
        auth = restrict(value);
      },
    });
    done();
  });
  // The seal asks for its timestamps over HTTP, as in production: unless a test names a TSA,
  // the app listens on a free local port and its own /api/tsa answers.
  let url: string | null = null;
  if (port !== null || !config.seal.tsaUrl) {
    url = await app.listen({ port: port ?? 0, host: '127.0.0.1' });
    config.seal = { ...config.seal, tsaUrl: config.seal.tsaUrl ?? `${url}/api/tsa` };
  }
  return {
    app,
    database,
    db: database.db,
    smtp,
    config,
    url,
    request({ token, headers, ...options }) {
      return app.inject({
        remoteAddress: nextIp(),
        ...options,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      });
    },
    withoutPermissions(token, lacking) {
      restricted.set(token, new Set(lacking));
    },
    async close() {
      await app.close();
      await smtp.close();
      await drop();
    },
  };
}

let seq = 0;
/** Registers a company through the API and returns its admin's session. */
export async function registerCompany(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<Session & { password: string }> {
  seq += 1;
  const password = 'Geheim-wachtwoord-1';
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      company: `Bedrijf ${seq}`,
      name: `Beheerder ${seq}`,
      email: `admin${seq}-${Date.now()}@voorbeeld.nl`,
      password,
      passwordconfirmation: password,
      terms: true,
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return { ...res.json<Session>(), password };
}
