import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from '../lib/storage/s3-storage.ts';

/** The only reader of process.env: one schema, parsed once at start (DESIGN.md §3). */
const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Paraaf <no-reply@paraaf.nl>'),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().optional(),
  /** `true` for MinIO, s3rver and others that want the bucket in the path, not the host name. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', '']).optional(),
  SEAL_P12_PATH: z.string().optional(),
  SEAL_P12_PASSWORD: z.string().optional(),
  SEAL_TSA_URL: z.string().url().optional(),
  /** The EU-wallet verifier's certificate (PKCS#12, SAN dNSName = APP_URL's host); unset: generated. */
  WALLET_VERIFIER_P12_PATH: z.string().optional(),
  WALLET_VERIFIER_P12_PASSWORD: z.string().optional(),
  /** PEM file with the PID issuers' certificates the verifier trusts. */
  WALLET_TRUST_LIST_PATH: z.string().optional(),
  /** The test wallet and test PID issuer (/dev/wallet); default on only without a trust list. */
  WALLET_SIMULATOR: z.enum(['true', 'false']).optional(),
  WORKER: z.enum(['inline', 'off']).default('inline'),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** json or pretty (lib/log-output.ts); unset: pretty on a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  WEB_DIST: z.string().optional(),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(1),
  SMS_PROVIDER: z.enum(['simulator', 'cm']).default('simulator'),
  SMS_CM_PRODUCT_TOKEN: z.string().optional(),
  IDIN_PROVIDER: z.enum(['simulator', 'oidc']).default('simulator'),
  IDIN_ISSUER: z.string().url().optional(),
  IDIN_CLIENT_ID: z.string().optional(),
  IDIN_CLIENT_SECRET: z.string().optional(),
  /** JSON object overriding the iDIN service → OIDC scope table (lib/identity/services.ts). */
  IDIN_SCOPES: z.string().optional(),
  /** Comma-separated addresses or CIDRs of reverse proxies whose X-Forwarded-For is believed. */
  TRUST_PROXY: z.string().optional(),
  /** GET /metrics: a bearer token that opens it from anywhere (lib/metrics/access.ts). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** GET /metrics: client addresses or CIDRs allowed without the token; unset, loopback only. */
  METRICS_ALLOW: z.string().optional(),
  /** A worker process (`npm run worker`) serves /metrics on this port; unset, none. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The platform's terms and privacy statement, linked where a signer consents. */
  TERMS_URL: z.string().url().default('https://paraaf.nl/voorwaarden'),
  PRIVACY_URL: z.string().url().default('https://paraaf.nl/privacy'),
  /**
   * The seller on invoices (the platform's own company details), also the contact page's
   * (GET /api/contact): one identity.
   */
  INVOICE_SELLER_NAME: z.string().default('Paraaf B.V.'),
  INVOICE_SELLER_ADDRESS: z.string().default('Keizersgracht 100'),
  INVOICE_SELLER_POSTAL_CITY: z.string().default('1015 AA Amsterdam'),
  INVOICE_SELLER_KVK: z.string().default('12345678'),
  INVOICE_SELLER_VAT: z.string().default('NL123456789B01'),
  INVOICE_SELLER_IBAN: z.string().default('NL91 ABNA 0417 1643 00'),
  INVOICE_SELLER_EMAIL: z.string().default('facturen@paraaf.nl'),
  /** The contact page's support address and phone (not printed on invoices). */
  INVOICE_SELLER_SUPPORT_EMAIL: z.string().default('support@paraaf.nl'),
  INVOICE_SELLER_PHONE: z.string().default('020 - 303 88 20'),
  /** Mollie (billing payments); unset: the built-in payments simulator (lib/payments). */
  MOLLIE_API_KEY: z.string().optional(),
  /** smtp (SMTP_URL, or the outbox when unset) or graph (Microsoft 365, lib/mail/graph-transport.ts). */
  MAIL_TRANSPORT: z.enum(['smtp', 'graph']).default('smtp'),
  /** The Entra ID app registration; unset: the built-in Microsoft simulator (lib/microsoft). */
  MS_CLIENT_ID: z.string().optional(),
  MS_CLIENT_SECRET: z.string().optional(),
  MS_LOGIN_URL: z.string().url().optional(),
  MS_GRAPH_URL: z.string().url().optional(),
  /** Requests a minute one API key may make before 429 (issue 16). */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** LibreOffice for Word uploads: a command on the PATH or a path (lib/pdf/soffice.ts). */
  SOFFICE_PATH: z.string().min(1).default('soffice'),
  /** Tests and local development only: webhook URLs may be plain http and on loopback. */
  WEBHOOKS_ALLOW_LOOPBACK: z.enum(['true', 'false']).default('false'),
  /** The built-in simulators (/dev/…, the iDIN test bank) for every client, not only loopback. */
  SIMULATORS_OPEN: z.enum(['true', 'false']).default('false'),
  /** The built-in OpenID provider under /dev/oidc, to try single sign-on without one. */
  SSO_SIMULATOR: z.enum(['true', 'false']).default('true'),
  /** Seals secrets kept in the database (an OpenID client secret); unset: a key kept there. */
  SECRETS_KEY: z.string().min(32).optional(),
  /** Comma-separated DNS servers (`ip` or `ip:port`) for domain verification; unset: the system's. */
  DNS_SERVERS: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  worker: 'inline' | 'off';
  adminEmail: string | null;
  adminPassword: string | null;
  logLevel: string;
  /** LOG_FORMAT; null: chosen by whether standard output is a terminal (chooseLogFormat). */
  logFormat: 'json' | 'pretty' | null;
  /** Built SPA to serve; null serves none (tests, api-only). */
  webDist: string | null;
  /** The built `/embed.js` (packages/embed); served when the file exists. */
  embedScript: string;
  jobPollSeconds: number;
  /**
   * Reverse proxies (addresses or CIDRs) whose X-Forwarded-For gives the client address
   * (request.ip: rate limits, audit IPs, logs). Empty: the direct peer is the client.
   */
  trustProxy: string[];
  /** Who may read GET /metrics (METRICS_TOKEN, METRICS_ALLOW) and a worker's port (METRICS_PORT). */
  metrics: { token: string | null; allow: string[]; port: number | null };
  /** The platform's terms and privacy statement (TERMS_URL, PRIVACY_URL). */
  legal: { termsUrl: string; privacyUrl: string };
  /** Rate limits and token lifetimes, overridable in tests. */
  limits: {
    /** Failed logins on one account (from anywhere) after which a mailed code is required too. */
    loginPerAccount: number;
    /** Login attempts on one account from one address before 429. */
    loginPerAccountAndIp: number;
    /** Login attempts from one address, whatever the account, before 429. */
    loginPerIp: number;
    loginWindowSeconds: number;
    reminderPerIp: number;
    /** Requests a minute per API key (API_KEY_RATE_LIMIT). */
    apiKeyPerMinute: number;
  };
  sessionTtlHours: number;
  /** SMS gateway: the simulator keeps messages in the outbox shown at /dev/mailbox. */
  sms: { provider: 'simulator' | 'cm'; cmProductToken: string | null; cmUrl: string };
  /** iDIN: the built-in test bank, or an OIDC broker (Signicat/Idura style). */
  idin: {
    provider: 'simulator' | 'oidc';
    issuer: string | null;
    clientId: string | null;
    clientSecret: string | null;
    scopes: Record<string, string> | null;
  };
  /**
   * The sealing certificate (PKCS#12); without one a self-signed one is generated once and kept
   * in the database. tsaUrl: the RFC 3161 timestamp authority; null is Paraaf's own
   * (`sealTsaUrl`).
   */
  seal: { p12Path: string | null; p12Password: string; tsaUrl: string | null };
  /**
   * EU Digital Identity Wallet verification (modules/wallet): the verifier certificate
   * (generated when null), the trust list of PID issuers (a PEM file), and whether the built-in
   * test wallet and test issuer are on (its issuer is trusted only then).
   */
  wallet: {
    p12Path: string | null;
    p12Password: string;
    trustListPath: string | null;
    simulator: boolean;
  };
  /** POST /api/verify: uploads per IP per hour. */
  verifyPerIpPerHour?: number;
  /** MOLLIE_API_KEY; null: payments go to the built-in simulator (lib/payments). */
  mollieApiKey: string | null;
  /** The seller printed on every invoice (INVOICE_SELLER_*), and shown on the contact page. */
  invoiceSeller: InvoiceSeller;
  /** What the contact page adds to the seller: support e-mail and phone. */
  sellerContact: { supportEmail: string; phone: string };
  /** MAIL_TRANSPORT: SMTP (or the outbox) or Microsoft Graph with the consented tenant. */
  mailTransport: 'smtp' | 'graph';
  microsoft: MicrosoftConfig;
  /** The S3-compatible bucket for documents (S3_*); null: files under DATA_DIR/files. */
  s3: S3Settings | null;
  /**
   * Webhook delivery (modules/webhooks). allowLoopback (WEBHOOKS_ALLOW_LOOPBACK=true, never in
   * production): http URLs and loopback addresses are allowed, for tests and local receivers.
   */
  webhooks: { allowLoopback: boolean };
  /**
   * The LibreOffice binary that turns DOC/DOCX uploads into PDF (SOFFICE_PATH, `soffice` on the
   * PATH by default). Not found: Word uploads are refused and the dropzones offer PDF and images.
   */
  soffice: string;
  /**
   * SIMULATORS_OPEN=true: the simulators' routes (/dev/…, /api/identity/simulator) answer every
   * client; otherwise loopback clients only (lib/simulator-access.ts).
   */
  simulatorsOpen: boolean;
  /**
   * SECRETS_KEY: the key (at least 32 characters) sealing secrets at rest (lib/secret-box.ts);
   * null: one is made once and kept in the database (platform_keys), which protects a leaked
   * backup of one table only. Set it in production.
   */
  secretsKey: string | null;
  /**
   * SSO_SIMULATOR (default true): the built-in OpenID provider under /dev/oidc (modules/dev),
   * loopback clients only like every simulator; its issuer passes the SSRF guard.
   */
  ssoSimulator: boolean;
  /** DNS_SERVERS: the resolvers of domain verification (single sign-on); empty: the system's. */
  dnsServers: string[];
}

/**
 * Microsoft 365 (admin consent, client-credentials token, Graph sendMail). Without MS_CLIENT_ID
 * the URLs point at the built-in simulator under `{APP_URL}/dev/microsoft` and the client is
 * the simulator's own (`simulated`).
 */
export interface MicrosoftConfig {
  clientId: string;
  clientSecret: string;
  /** Base of the identity platform: `{loginUrl}/{tenant}/oauth2/v2.0/token`. */
  loginUrl: string;
  /** Base of Graph: `{graphUrl}/v1.0/users/{sender}/sendMail`. */
  graphUrl: string;
  simulated: boolean;
}

/** The simulator's app registration (lib/microsoft/simulator.ts accepts only this client). */
export const simulatedMicrosoftClient = {
  clientId: '6d1f1d3c-5a1e-4c39-9c1b-7061726161ff',
  clientSecret: 'paraaf-simulator-geheim',
} as const;
export const microsoftSimulatorPrefix = '/dev/microsoft';

/** The single sign-on simulator's one client (modules/dev/oidc-simulator.ts). */
export const ssoSimulatorClient = {
  clientId: 'paraaf-simulator',
  clientSecret: 'paraaf-simulator-geheim',
} as const;
export const ssoSimulatorPrefix = '/dev/oidc';

export interface InvoiceSeller {
  name: string;
  address: string;
  postalCity: string;
  kvk: string;
  vatNumber: string;
  iban: string;
  email: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = envSchema.parse(env);
  const port = e.PORT;
  return {
    port,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || null,
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    worker: e.WORKER,
    adminEmail: e.ADMIN_EMAIL || null,
    adminPassword: e.ADMIN_PASSWORD || null,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? null,
    webDist: e.WEB_DIST ?? path.resolve(import.meta.dirname, '../../../web/dist'),
    embedScript: path.resolve(import.meta.dirname, '../../../../packages/embed/dist/embed.js'),
    jobPollSeconds: e.JOB_POLL_SECONDS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metrics: {
      token: e.METRICS_TOKEN ?? null,
      allow: parseTrustProxy(e.METRICS_ALLOW, 'METRICS_ALLOW'),
      port: e.METRICS_PORT ?? null,
    },
    legal: { termsUrl: e.TERMS_URL, privacyUrl: e.PRIVACY_URL },
    limits: {
      loginPerAccount: 10,
      loginPerAccountAndIp: 10,
      loginPerIp: 50,
      loginWindowSeconds: 15 * 60,
      reminderPerIp: 10,
      apiKeyPerMinute: e.API_KEY_RATE_LIMIT,
    },
    sessionTtlHours: 12,
    sms: {
      provider: e.SMS_PROVIDER,
      cmProductToken: e.SMS_CM_PRODUCT_TOKEN || null,
      cmUrl: 'https://gw.cmtelecom.com/v1.0/message',
    },
    idin: {
      provider: e.IDIN_PROVIDER,
      issuer: e.IDIN_ISSUER?.replace(/\/$/, '') ?? null,
      clientId: e.IDIN_CLIENT_ID || null,
      clientSecret: e.IDIN_CLIENT_SECRET || null,
      scopes: e.IDIN_SCOPES ? parseScopes(e.IDIN_SCOPES) : null,
    },
    seal: {
      p12Path: e.SEAL_P12_PATH || null,
      p12Password: e.SEAL_P12_PASSWORD ?? '',
      tsaUrl: e.SEAL_TSA_URL || null,
    },
    wallet: {
      p12Path: e.WALLET_VERIFIER_P12_PATH || null,
      p12Password: e.WALLET_VERIFIER_P12_PASSWORD ?? '',
      trustListPath: e.WALLET_TRUST_LIST_PATH || null,
      simulator: e.WALLET_SIMULATOR ? e.WALLET_SIMULATOR === 'true' : !e.WALLET_TRUST_LIST_PATH,
    },
    invoiceSeller: {
      name: e.INVOICE_SELLER_NAME,
      address: e.INVOICE_SELLER_ADDRESS,
      postalCity: e.INVOICE_SELLER_POSTAL_CITY,
      kvk: e.INVOICE_SELLER_KVK,
      vatNumber: e.INVOICE_SELLER_VAT,
      iban: e.INVOICE_SELLER_IBAN,
      email: e.INVOICE_SELLER_EMAIL,
    },
    sellerContact: { supportEmail: e.INVOICE_SELLER_SUPPORT_EMAIL, phone: e.INVOICE_SELLER_PHONE },
    mollieApiKey: e.MOLLIE_API_KEY || null,
    mailTransport: e.MAIL_TRANSPORT,
    microsoft: microsoftConfig(e, (e.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, '')),
    s3: s3Settings(e),
    webhooks: { allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK === 'true' },
    soffice: e.SOFFICE_PATH,
    simulatorsOpen: e.SIMULATORS_OPEN === 'true',
    secretsKey: e.SECRETS_KEY ?? null,
    ssoSimulator: e.SSO_SIMULATOR === 'true',
    dnsServers: (e.DNS_SERVERS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

const requiredS3 = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** S3_*: all four required settings or none of them (half a configuration stops the start). */
export function s3Settings(e: z.infer<typeof envSchema>): S3Settings | null {
  const given = requiredS3.filter((name) => e[name]);
  const optional = [e.S3_REGION, e.S3_FORCE_PATH_STYLE].some(Boolean);
  if (given.length === 0 && !optional) return null;
  if (given.length < requiredS3.length) {
    const missing = requiredS3.filter((name) => !e[name]);
    throw new Error(
      `S3 storage is configured only partly: set ${missing.join(', ')} as well (or unset all S3_* settings to keep files under DATA_DIR/files)`,
    );
  }
  try {
    new URL(e.S3_ENDPOINT!);
  } catch {
    throw new Error(
      `S3_ENDPOINT "${e.S3_ENDPOINT}" is no URL (e.g. https://s3.eu-central-1.amazonaws.com)`,
    );
  }
  return {
    endpoint: e.S3_ENDPOINT!,
    bucket: e.S3_BUCKET!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    region: e.S3_REGION || 'us-east-1',
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
  };
}

function microsoftConfig(e: z.infer<typeof envSchema>, appUrl: string): MicrosoftConfig {
  const simulated = !e.MS_CLIENT_ID;
  if (!simulated && !e.MS_CLIENT_SECRET) throw new Error('MS_CLIENT_ID needs MS_CLIENT_SECRET');
  const simulator = `${appUrl}${microsoftSimulatorPrefix}`;
  return {
    clientId: e.MS_CLIENT_ID || simulatedMicrosoftClient.clientId,
    clientSecret: simulated ? simulatedMicrosoftClient.clientSecret : (e.MS_CLIENT_SECRET ?? ''),
    loginUrl: (
      e.MS_LOGIN_URL ?? (simulated ? `${simulator}/login` : 'https://login.microsoftonline.com')
    ).replace(/\/$/, ''),
    graphUrl: (
      e.MS_GRAPH_URL ?? (simulated ? `${simulator}/graph` : 'https://graph.microsoft.com')
    ).replace(/\/$/, ''),
    simulated,
  };
}

/** Where the seal asks for its timestamps: SEAL_TSA_URL, or the built-in TSA at APP_URL/api/tsa. */
export function sealTsaUrl(config: Config): string {
  return config.seal.tsaUrl ?? `${config.appUrl}/api/tsa`;
}

function parseScopes(json: string): Record<string, string> {
  const parsed = z.record(z.string(), z.string()).safeParse(JSON.parse(json));
  if (!parsed.success) throw new Error('IDIN_SCOPES must be a JSON object of service → scope');
  return parsed.data;
}

/** `TRUST_PROXY` (or `METRICS_ALLOW`): addresses or CIDRs, comma-separated; anything else stops the start. */
export function parseTrustProxy(value: string | undefined, setting = 'TRUST_PROXY'): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const maxPrefix = family === 6 ? 128 : 32;
    const prefixOk =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (family === 0 || !prefixOk || rest.length > 0)
      throw new Error(`${setting}: "${entry}" is no IP address or CIDR`);
  }
  return entries;
}
