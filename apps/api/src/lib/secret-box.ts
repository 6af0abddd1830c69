import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { platformKeys } from '../db/schema/index.ts';

/**
 * Secrets the platform must use again later (a company's OpenID client secret, its SAML signing
 * key) are kept sealed: AES-256-GCM under the secrets key, `v1.<iv>.<tag>.<data>`. The key is
 * SECRETS_KEY (hashed to 256 bits) or, unset, a random key made once and kept in platform_keys
 * (every process of an installation reads the same row; two first starts agree on one).
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const KEY_NAME = 'secrets-key';

function boxOf(key: Buffer): SecretBox {
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', ...[iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'))].join(
        '.',
      );
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined)
        throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

async function storedKey(db: DbOrTx): Promise<Buffer> {
  await db
    .insert(platformKeys)
    .values({ name: KEY_NAME, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: platformKeys.value })
    .from(platformKeys)
    .where(eq(platformKeys.name, KEY_NAME));
  return Buffer.from(row!.value, 'base64');
}

/** The box of this installation: SECRETS_KEY when set, else the key kept in the database. */
export async function secretBox(db: DbOrTx, configuredKey: string | null): Promise<SecretBox> {
  if (configuredKey) return boxOf(createHash('sha256').update(configuredKey).digest());
  return boxOf(await storedKey(db));
}
