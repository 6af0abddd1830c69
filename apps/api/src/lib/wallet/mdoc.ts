import { cborEncode, DataItem, Verifier, type VerificationAssessment } from '@animo-id/mdoc';
import * as jose from 'jose';
import { WalletCheckError } from './check-error.ts';
import { mdocContext } from './mdoc-context.ts';
import { PID_DOCTYPE, PID_NAMESPACE } from './pid.ts';
import { assertMsoStatusValid, type StatusCheck } from './status-list.ts';

/**
 * The mdoc SessionTranscript of OpenID4VP 1.0 (appendix B.2.6.1, redirect flows):
 * `[null, null, ["OpenID4VPHandover", SHA-256(cbor([client_id, nonce, jwk_thumbprint,
 * response_uri]))]]` as tagged CBOR, where jwk_thumbprint is the RFC 7638 thumbprint of the
 * verifier's response encryption key. Encoded by @animo-id/mdoc's CBOR.
 */
export async function oid4vpSessionTranscript(input: {
  clientId: string;
  nonce: string;
  responseUri: string;
  encryptionJwk: jose.JWK | null;
}): Promise<Uint8Array> {
  const thumbprint = input.encryptionJwk
    ? jose.base64url.decode(await jose.calculateJwkThumbprint(input.encryptionJwk, 'sha256'))
    : null;
  const info = cborEncode([input.clientId, input.nonce, thumbprint, input.responseUri]);
  const digest = await mdocContext().crypto.digest({ digestAlgorithm: 'SHA-256', bytes: info });
  return cborEncode(DataItem.fromData([null, null, ['OpenID4VPHandover', digest]]));
}

/**
 * A PID presented as mdoc (a base64url DeviceResponse), checked by @animo-id/mdoc: the issuer's
 * signature and certificate chain up to the trust list, the MSO's validity, every disclosed
 * element against its digest, and the device signature over the session transcript (which binds
 * the nonce, our client_id and response_uri); then the status list entry the verified MSO points
 * at. Answers the disclosed PID elements.
 */
export async function verifyMdocPid(
  input: StatusCheck & {
    deviceResponse: string;
    sessionTranscript: Uint8Array;
  },
): Promise<Record<string, unknown>> {
  let bytes: Uint8Array;
  try {
    bytes = jose.base64url.decode(input.deviceResponse);
  } catch {
    throw new WalletCheckError('invalid', 'vp_token is not base64url');
  }
  const failed: VerificationAssessment[] = [];
  const ctx = mdocContext(() => input.now);
  let mdoc: Awaited<ReturnType<Verifier['verifyDeviceResponse']>>;
  try {
    mdoc = await new Verifier().verifyDeviceResponse(
      {
        encodedDeviceResponse: bytes,
        encodedSessionTranscript: input.sessionTranscript,
        trustedCertificates: [...input.trustList],
        now: input.now,
        onCheck: (check) => {
          if (check.status === 'FAILED') failed.push(check);
        },
      },
      ctx,
    );
  } catch (error) {
    throw new WalletCheckError('invalid', error instanceof Error ? error.message : 'mdoc');
  }
  const first = failed[0];
  if (first) throw new WalletCheckError(classify(first), `${first.check} ${first.reason ?? ''}`);
  const document = mdoc.documents.find((d) => d.docType === PID_DOCTYPE);
  const elements = document?.getIssuerNameSpace(PID_NAMESPACE);
  if (!document || !elements) throw new WalletCheckError('invalid', 'no PID document');
  // The library keeps MSO fields it does not know (here `status`) in the verified MSO.
  const mso = document.issuerSigned.issuerAuth.decodedPayload as { status?: unknown };
  await assertMsoStatusValid(mso.status, input);
  return Object.fromEntries(elements);
}

function classify(check: VerificationAssessment) {
  if (check.category === 'ISSUER_AUTH' && /certificate/i.test(check.check)) {
    return 'untrusted' as const;
  }
  if (/valid at the time/i.test(check.check)) return 'credentialExpired' as const;
  if (check.category === 'DATA_INTEGRITY') return 'tampered' as const;
  if (check.category === 'DEVICE_AUTH') return 'wrongRequest' as const;
  return 'invalid' as const;
}
