import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { findUserByEmail } from '../modules/users/users.repository.ts';
import { verifyPassword } from '../lib/crypto.ts';

const apiRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-create-admin-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/scripts/create-admin.ts', ...args], {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    encoding: 'utf8',
  });

describe('npm run create-admin', () => {
  it('refuses to run without an e-mail and a password of 8 characters', () => {
    const result = run('--email', 'beheer@voorbeeld.nl', '--password', 'kort');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Gebruik: npm run create-admin');
  });

  it('creates a platform administrator who holds the back-office permissions', async () => {
    const result = run(
      '--email',
      'Beheer@Voorbeeld.nl',
      '--password',
      'een-lang-wachtwoord',
      '--name',
      'Beheer',
    );
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('aangemaakt');
    const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
    try {
      const user = await findUserByEmail(database.db, 'beheer@voorbeeld.nl');
      expect(user?.isPlatformAdmin).toBe(true);
      expect(user?.isActive).toBe(true);
      expect(await verifyPassword(user?.passwordHash ?? null, 'een-lang-wachtwoord')).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);
});
