import { getListFromStatusListJWT } from '@sd-jwt/jwt-status-list';
import * as jose from 'jose';
import { WalletCheckError } from './check-error.ts';
import { trustedJwsSigner } from './trust.ts';

export interface StatusCheck {
  trustList: readonly Uint8Array[];
  now: Date;
  /** The status list token (the JWT form, `application/statuslist+jwt`) at a URI. */
  fetchStatusList: (uri: string) => Promise<string>;
}

/**
 * The status list reference of an mdoc's MSO (`status: { status_list: { idx, uri } }`, Token
 * Status List for ISO mdoc), checked the way @sd-jwt/sd-jwt-vc checks an SD-JWT VC's: the token
 * at `uri` must be signed (jose) by a certificate whose x5c chain ends at the trust list, be a
 * `statuslist+jwt` about that very `uri` (`sub`) and valid now; @sd-jwt/jwt-status-list reads
 * entry `idx`, and anything but 0 (VALID) is refused as revoked. No reference: nothing to check.
 */
export async function assertMsoStatusValid(status: unknown, check: StatusCheck): Promise<void> {
  if (status === undefined) return;
  const reference = field(status, 'status_list');
  const idx = field(reference, 'idx');
  const uri = field(reference, 'uri');
  if (!Number.isInteger(idx) || (idx as number) < 0 || typeof uri !== 'string') {
    throw new WalletCheckError('invalid', 'MSO status has no usable status_list');
  }
  let value: number;
  try {
    const token = await check.fetchStatusList(uri);
    const signer = trustedJwsSigner(token, check.trustList, check.now);
    await jose.jwtVerify(token, signer.publicKey, {
      typ: 'statuslist+jwt',
      subject: uri,
      currentDate: check.now,
    });
    value = getListFromStatusListJWT(token).getStatus(idx as number);
  } catch (error) {
    if (error instanceof WalletCheckError) throw error;
    throw new WalletCheckError('invalid', `status list ${uri}: ${(error as Error).message}`);
  }
  if (value !== 0) throw new WalletCheckError('revoked', `status ${value}`);
}

/** A key of a CBOR map (decoded as a Map) or a plain object. */
function field(container: unknown, key: string): unknown {
  if (container instanceof Map) return container.get(key) as unknown;
  if (container && typeof container === 'object')
    return (container as Record<string, unknown>)[key];
  return undefined;
}
