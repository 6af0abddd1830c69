import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules of .dependency-cruiser.cjs (run by `npm run lint`), held against a small tree
 * laid out like the repository, with one import of each kind the rules must refuse or allow.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const api = 'apps/api/src/modules';

const files: Record<string, string> = {
  // Allowed: a module imports one of a lower layer.
  [`${api}/companies/features.ts`]: 'export const featuresOf = 1;\n',
  [`${api}/sign-requests/send.ts`]:
    "import { featuresOf } from '../companies/features.ts';\nexport const x = featuresOf;\n",
  // Upward: the base module companies asks sign-requests for a count.
  [`${api}/sign-requests/count.ts`]: 'export const count = 1;\n',
  [`${api}/companies/company.ts`]:
    "import { count } from '../sign-requests/count.ts';\nexport const x = count;\n",
  // A shared mechanism in lib that imports a module.
  [`${api}/invoices/pdf.ts`]: 'export const pdf = 1;\n',
  'apps/api/src/lib/mail/outbox.ts':
    "import { pdf } from '../../modules/invoices/pdf.ts';\nexport const x = pdf;\n",
  // Two modules of one layer.
  [`${api}/departments/mail-sender.ts`]: 'export const sender = 1;\n',
  [`${api}/users/invite.ts`]:
    "import { sender } from '../departments/mail-sender.ts';\nexport const x = sender;\n",
  // Upward: the signer's side asks the embed edge for a link.
  [`${api}/embed/embed-links.ts`]: 'export const useEmbedLink = 1;\n',
  [`${api}/signing/page.ts`]:
    "import { useEmbedLink } from '../embed/embed-links.ts';\nexport const x = useEmbedLink;\n",
  // A module in no layer.
  'apps/api/src/lib/errors.ts': 'export const e = 1;\n',
  [`${api}/mystery/send.ts`]: "import { e } from '../../lib/errors.ts';\nexport const x = e;\n",
  // Two modules of the requests layer: bulk sends get sign-requests' use cases handed in.
  [`${api}/sign-requests/send-from-template.ts`]: 'export const sendFromTemplate = 1;\n',
  [`${api}/bulk-sends/job.ts`]:
    "import { sendFromTemplate } from '../sign-requests/send-from-template.ts';\nexport const x = sendFromTemplate;\n",
  // Single sign-on: the stored settings (company-own) are read by auth, the flows (edge) use them.
  [`${api}/sso/oidc-login.ts`]: 'export const login = 1;\n',
  [`${api}/sso-settings/password-login.ts`]:
    "import { login } from '../sso/oidc-login.ts';\nexport const x = login;\n",
  [`${api}/auth/login.ts`]:
    "import { x } from '../sso-settings/password-login.ts';\nexport const y = x;\n",
  // The EU-wallet step (edge) builds on the signer's side below it, not on iDIN beside it.
  [`${api}/signing/resolve-signer.ts`]: 'export const resolveSigner = 1;\n',
  [`${api}/wallet/start-wallet.ts`]:
    "import { resolveSigner } from '../signing/resolve-signer.ts';\nexport const x = resolveSigner;\n",
  [`${api}/identity/idin-verification.ts`]: 'export const startIdin = 1;\n',
  [`${api}/wallet/receive.ts`]:
    "import { startIdin } from '../identity/idin-verification.ts';\nexport const x = startIdin;\n",
  // A circle through a type import.
  'apps/api/src/lib/sms/sender.ts':
    "import { Cm } from './cm.ts';\nexport interface Sender { name: string }\nexport const make = () => new Cm();\n",
  'apps/api/src/lib/sms/cm.ts':
    "import type { Sender } from './sender.ts';\nexport class Cm implements Sender { name = 'cm'; }\n",
  // A web feature importing another feature's code.
  'apps/web/src/features/credits/lib/plans.ts': 'export const formatDay = 1;\n',
  'apps/web/src/features/invoices/routes/invoices.tsx':
    "import { formatDay } from '../../credits/lib/plans';\nexport const x = formatDay;\n",
};

let dir: string;
let status: number | null;
let report: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'import-layers-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  const result = spawnSync(
    process.execPath,
    [cli, '--config', path.join(root, '.dependency-cruiser.cjs'), 'apps'],
    { cwd: dir, encoding: 'utf8' },
  );
  status = result.status;
  report = `${result.stdout}${result.stderr}`;
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the import layers', () => {
  it('fails the check', () => {
    expect(status).not.toBe(0);
    expect(report).toMatch(/\d+ dependency violations/);
  });

  it('lets a module import a module of a lower layer', () => {
    expect(report).not.toContain(`${api}/sign-requests/send.ts`);
  });

  it('refuses an import upward, from a base module into a higher one', () => {
    expect(report).toContain(
      `error layer-tenant: ${api}/companies/company.ts → ${api}/sign-requests/count.ts`,
    );
  });

  it('refuses a shared mechanism in lib that imports a module', () => {
    expect(report).toContain(
      `error layer-platform: apps/api/src/lib/mail/outbox.ts → ${api}/invoices/pdf.ts`,
    );
  });

  it('refuses the signing module importing embed, a module of the edge above it', () => {
    expect(report).toContain(
      `error layer-after-sending: ${api}/signing/page.ts → ${api}/embed/embed-links.ts`,
    );
  });

  it('refuses an import between two modules of one layer', () => {
    expect(report).toContain(
      `error layer-company-own-siblings: ${api}/users/invite.ts → ${api}/departments/mail-sender.ts`,
    );
  });

  it('refuses bulk-sends importing sign-requests, its sibling in the requests layer', () => {
    expect(report).toContain(
      `error layer-requests-siblings: ${api}/bulk-sends/job.ts → ${api}/sign-requests/send-from-template.ts`,
    );
  });

  it('lets auth read the single sign-on settings, and refuses the settings importing the flows', () => {
    expect(report).not.toContain(`${api}/auth/login.ts`);
    expect(report).toContain(
      `error layer-company-own: ${api}/sso-settings/password-login.ts → ${api}/sso/oidc-login.ts`,
    );
  });

  it('lets the wallet module use the signing module and refuses it the identity module', () => {
    expect(report).not.toContain(`${api}/wallet/start-wallet.ts`);
    expect(report).toContain(
      `error layer-edge-siblings: ${api}/wallet/receive.ts → ${api}/identity/idin-verification.ts`,
    );
  });

  it('refuses a module that is in no layer', () => {
    expect(report).toContain(`error module-in-a-layer: ${api}/mystery/send.ts`);
  });

  it('refuses an import circle, also through types', () => {
    expect(report).toMatch(/error no-circular: apps\/api\/src\/lib\/sms\/(cm|sender)\.ts/);
  });

  it("refuses a web feature that imports another feature's code", () => {
    expect(report).toContain(
      'error web-feature-alone: apps/web/src/features/invoices/routes/invoices.tsx → apps/web/src/features/credits/lib/plans.ts',
    );
  });
});
