import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Where the browser goes after an identity check is the signer's page, whose path holds the link
 * token; the token itself is stored nowhere (only its hash). The path is kept in the identity
 * session encrypted (AES-256-GCM) under a key derived from the plain OIDC `state`, which only
 * the browser carries (the row holds its SHA-256). Reading the database alone reveals no link;
 * the returning browser, holding `state`, unlocks it.
 */
function keyOf(state: string): Buffer {
  return createHash('sha256').update(`paraaf:identity-return:${state}`).digest();
}

export function encryptReturnPath(path: string, state: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(state), iv);
  const data = Buffer.concat([cipher.update(path, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The path, or null when the value was not made with this state (or was altered). */
export function decryptReturnPath(sealed: string, state: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(state), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return null;
  }
}
