import { createHash, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import {
  DeviceRequest,
  DeviceResponse,
  IssuerSignedItem,
  MDoc,
  type IssuerSignedDocument,
} from '@animo-id/mdoc';
import type { Openid4vpAuthorizationRequest } from '@openid4vc/openid4vp';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import * as jose from 'jose';
import { joseCallbacks } from './jose-callbacks.ts';
import { openid4vp } from './openid4vp.ts';
import { mdocContext } from './mdoc-context.ts';
import { oid4vpSessionTranscript } from './mdoc.ts';
import { PID_DOCTYPE, PID_NAMESPACE, QUERY_MDOC, QUERY_SD_JWT } from './pid.ts';
import { sdJwtHasher, sdJwtSigner } from './sd-jwt.ts';
import {
  issueMdocPid,
  issueSdJwtPid,
  type TestIssuer,
  type TestPerson,
  type TestPidState,
} from './test-issuer.ts';

/** What the tester presses in the test wallet. */
export const testWalletChoices = ['share', 'refuse', 'tampered', 'expired', 'revoked'] as const;
export type TestWalletChoice = (typeof testWalletChoices)[number];
export type TestWalletFormat = 'sd-jwt' | 'mdoc';

/**
 * The built-in test wallet, a real OpenID4VP holder: it opens the `openid4vp://` link, fetches
 * and checks the signed request object (x509_san_dns), gets a fresh test PID for a new device
 * key from the test issuer, and posts an encrypted (direct_post.jwt) presentation of exactly the
 * asked claims, or a refusal. `tampered` changes the family name after issuance.
 */
export async function answerWithTestWallet(input: {
  link: string;
  choice: TestWalletChoice;
  format: TestWalletFormat;
  person: TestPerson;
  issuer: TestIssuer;
  issuerId: string;
  statusListUri: string;
  fetch: typeof fetch;
  now: Date;
  /** A cheating wallet (tests): binds its presentation to another nonce or audience. */
  cheat?: { nonce?: string; audience?: string };
}): Promise<{ status: number; body: unknown }> {
  const callbacks = joseCallbacks({ fetch: input.fetch });
  const params = Object.fromEntries(new URL(input.link).searchParams);
  const {
    createOpenid4vpAuthorizationResponse,
    resolveOpenid4vpAuthorizationRequest,
    submitOpenid4vpAuthorizationResponse,
  } = await openid4vp();
  const resolved = await resolveOpenid4vpAuthorizationRequest({
    authorizationRequestPayload: params,
    callbacks,
  });
  const request = resolved.authorizationRequestPayload as Openid4vpAuthorizationRequest;
  const responseUri = request.response_uri;
  if (!responseUri) throw new Error('request has no response_uri');

  if (input.choice === 'refuse') {
    const response = await input.fetch(responseUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        error: 'access_denied',
        error_description: 'De gebruiker weigerde te delen',
        ...(request.state ? { state: request.state } : {}),
      }).toString(),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  }

  const state: TestPidState =
    input.choice === 'expired' ? 'expired' : input.choice === 'revoked' ? 'revoked' : 'valid';
  const holderKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const query = request.dcql_query as {
    credentials: { id: string; claims?: { path: string[] }[] }[];
  };
  const asked = (id: string) =>
    (query.credentials.find((c) => c.id === id)?.claims ?? []).map((c) => c.path.at(-1)!);

  let vpToken: Record<string, string[]>;
  if (input.format === 'sd-jwt') {
    const credential = await issueSdJwtPid({ ...input, holderKey, state });
    const sdjwt = new SDJwtVcInstance({
      hasher: sdJwtHasher,
      kbSigner: sdJwtSigner(holderKey),
      kbSignAlg: 'ES256',
    });
    const frame = Object.fromEntries(asked(QUERY_SD_JWT).map((claim) => [claim, true]));
    const kb = {
      payload: {
        iat: Math.floor(input.now.getTime() / 1000),
        aud: input.cheat?.audience ?? request.client_id,
        nonce: input.cheat?.nonce ?? request.nonce,
      },
    };
    let presentation = await sdjwt.present(credential, frame, { kb });
    if (input.choice === 'tampered') presentation = await tamperSdJwt(presentation, holderKey);
    vpToken = { [QUERY_SD_JWT]: [presentation] };
  } else {
    const document = await issueMdocPid({ ...input, holderKey, state });
    if (input.choice === 'tampered') tamperMdoc(document);
    const elements = new Map(asked(QUERY_MDOC).map((e) => [e, true]));
    const encryptionJwk = (request.client_metadata?.jwks?.keys[0] ?? null) as jose.JWK | null;
    const ctx = mdocContext(() => input.now);
    const signed = await DeviceResponse.from(new MDoc([document]))
      .usingDeviceRequest(
        DeviceRequest.from('1.0', [
          {
            itemsRequestData: {
              docType: PID_DOCTYPE,
              nameSpaces: new Map([[PID_NAMESPACE, elements]]),
            },
          },
        ]),
      )
      .usingSessionTranscriptBytes(
        await oid4vpSessionTranscript({
          clientId: input.cheat?.audience ?? request.client_id,
          nonce: input.cheat?.nonce ?? request.nonce,
          responseUri,
          encryptionJwk,
        }),
      )
      .authenticateWithSignature(holderKey.export({ format: 'jwk' }), 'ES256')
      .sign(ctx);
    vpToken = { [QUERY_MDOC]: [jose.base64url.encode(signed.encode())] };
  }

  const response = await createOpenid4vpAuthorizationResponse({
    authorizationRequestPayload: request,
    authorizationResponsePayload: { vp_token: vpToken },
    jarm: {
      encryption: { nonce: randomBytes(16).toString('base64url') },
      serverMetadata: {
        authorization_signing_alg_values_supported: ['ES256'],
        authorization_encryption_alg_values_supported: ['ECDH-ES'],
        authorization_encryption_enc_values_supported: ['A128GCM', 'A256GCM'],
      },
    },
    callbacks,
  });
  const submitted = await submitOpenid4vpAuthorizationResponse({
    authorizationRequestPayload: request,
    authorizationResponsePayload: response.authorizationResponsePayload,
    jarm: response.jarm ? { responseJwt: response.jarm.responseJwt } : undefined,
    callbacks,
  });
  return {
    status: submitted.response.status,
    body: await submitted.response.json().catch(() => null),
  };
}

/**
 * A holder that edits its family name after issuance: the disclosure no longer matches the
 * issuer's digest; the key binding is made anew over the edited presentation, as a cheat would.
 */
async function tamperSdJwt(presentation: string, holderKey: KeyObject) {
  const parts = presentation.split('~');
  const kbJwt = jose.decodeJwt(parts.pop()!);
  const edited = parts.map((part, i) => {
    if (i === 0 || !part) return part;
    const disclosure = JSON.parse(Buffer.from(part, 'base64url').toString()) as unknown[];
    if (disclosure[1] !== 'family_name') return part;
    return Buffer.from(JSON.stringify([disclosure[0], 'family_name', 'Vervalst'])).toString(
      'base64url',
    );
  });
  const withoutKb = `${edited.join('~')}~`;
  const sdHash = createHash('sha256').update(withoutKb).digest('base64url');
  const kb = await new jose.SignJWT({ ...kbJwt, sd_hash: sdHash })
    .setProtectedHeader({ typ: 'kb+jwt', alg: 'ES256' })
    .sign(holderKey);
  return `${withoutKb}${kb}`;
}

/** The mdoc counterpart: the family name element replaced by one the issuer never signed. */
function tamperMdoc(document: IssuerSignedDocument): void {
  const items = document.issuerSigned.nameSpaces.get(PID_NAMESPACE) ?? [];
  const index = items.findIndex((item) => item.elementIdentifier === 'family_name');
  if (index < 0) return;
  items[index] = IssuerSignedItem.create(items[index]!.digestID, 'family_name', 'Vervalst', {
    crypto: mdocContext().crypto,
  });
}
