import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { generateSelfSignedP12, loadP12 } from '../src/lib/pki/p12.ts';

/**
 * A SAML identity provider made with samlify for the tests, with its own key pair: it reads our
 * signed AuthnRequest (HTTP-Redirect, its signature checked against our SP metadata) and answers
 * a response for the HTTP-POST binding, signed as the SP metadata asks (the assertion), or
 * changed as a test needs (`respond`'s `change`, `sign`).
 */
export interface TestSamlIdp {
  entityId: string;
  /** Its metadata, for our settings (`saml.metadata_xml`). */
  metadata: string;
  /**
   * The base64 SAMLResponse for the AuthnRequest at `redirectUrl` (our /api/auth/sso answer),
   * vouching for `email`, with `spMetadata` our SP metadata (GET /api/auth/saml/{id}/metadata).
   */
  respond(options: {
    redirectUrl: string;
    spMetadata: string;
    email: string;
    change?: (values: Record<string, string>) => Record<string, string>;
    /** Changes the response's XML before it is signed. */
    changeXml?: (xml: string) => string;
    sign?: boolean;
  }): Promise<string>;
}

/**
 * samlify, loaded untyped: its typings pull the browser's DOM library into the whole program
 * (as @xmldom/xmldom's, see saml-metadata.ts). These are the parts used here.
 */
interface SamlifyEntityMeta {
  getEntityID(): string;
  getAssertionConsumerService(binding: string): string | string[];
}
interface Samlify {
  setSchemaValidator(validator: { validate: (xml: string) => Promise<string> }): void;
  IdentityProvider(options: Record<string, unknown>): {
    getMetadata(): string;
    parseLoginRequest(
      sp: unknown,
      binding: 'redirect',
      request: { query: Record<string, string>; octetString: string },
    ): Promise<{ extract: { request: { id: string } } }>;
    createLoginResponse(
      sp: unknown,
      request: unknown,
      binding: 'post',
      user: Record<string, string>,
      options: { customTagReplacement: () => { id: string; context: string } },
    ): Promise<{ context: string }>;
  };
  ServiceProvider(options: { metadata: string }): { entityMeta: SamlifyEntityMeta };
  Constants: {
    namespace: { binding: { redirect: string; post: string } };
    StatusCode: { Success: string };
  };
  SamlLib: {
    defaultLoginResponseTemplate: { context: string };
    replaceTagsByValue(template: string, values: Record<string, string>): string;
  };
}
const samlify = createRequire(import.meta.url)('samlify') as Samlify;

const PASSPHRASE = 'test-idp';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

// The test IdP reads our request without XML schema validation (its parsing is samlify's).
samlify.setSchemaValidator({ validate: () => Promise.resolve('skipped') });

export function createSamlIdp(): TestSamlIdp {
  const identity = loadP12(generateSelfSignedP12(PASSPHRASE, 'saml'), PASSPHRASE);
  const certificate = identity.chain[0]!.toString('base64');
  const entityId = `https://idp-${randomUUID()}.test/saml`;
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    signingCert: `-----BEGIN CERTIFICATE-----\n${certificate}\n-----END CERTIFICATE-----`,
    privateKey: identity.key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    wantAuthnRequestsSigned: true,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [
      { Binding: samlify.Constants.namespace.binding.redirect, Location: `${entityId}/sso` },
    ],
  });

  return {
    entityId,
    metadata: idp.getMetadata(),
    async respond({
      redirectUrl,
      spMetadata,
      email,
      change = (v) => v,
      changeXml = (xml) => xml,
      sign = true,
    }) {
      const sp = samlify.ServiceProvider({ metadata: spMetadata });
      const url = new URL(redirectUrl);
      // The signed part of the query as sent: SAMLRequest, RelayState, SigAlg (samlify checks it).
      const octetString = url.search
        .slice(1)
        .split('&')
        .filter((p) => /^(SAMLRequest|RelayState|SigAlg)=/.test(p))
        .join('&');
      const request = await idp.parseLoginRequest(sp, 'redirect', {
        query: Object.fromEntries(url.searchParams),
        octetString,
      });
      const now = new Date();
      const later = new Date(now.getTime() + 5 * 60_000);
      const values = change({
        ID: `_${randomUUID()}`,
        AssertionID: `_${randomUUID()}`,
        Destination: sp.entityMeta.getAssertionConsumerService(
          samlify.Constants.namespace.binding.post,
        ) as string,
        Audience: sp.entityMeta.getEntityID(),
        SubjectRecipient: sp.entityMeta.getAssertionConsumerService(
          samlify.Constants.namespace.binding.post,
        ) as string,
        Issuer: entityId,
        IssueInstant: now.toISOString(),
        StatusCode: samlify.Constants.StatusCode.Success,
        ConditionsNotBefore: now.toISOString(),
        ConditionsNotOnOrAfter: later.toISOString(),
        SubjectConfirmationDataNotOnOrAfter: later.toISOString(),
        NameIDFormat: EMAIL_FORMAT,
        NameID: email,
        InResponseTo: request.extract.request.id,
        AuthnStatement: '',
        AttributeStatement: '',
      });
      const xml = changeXml(
        samlify.SamlLib.replaceTagsByValue(
          samlify.SamlLib.defaultLoginResponseTemplate.context,
          values,
        ),
      );
      if (!sign) return Buffer.from(xml).toString('base64');
      const { context } = await idp.createLoginResponse(
        sp,
        request,
        'post',
        { email },
        {
          customTagReplacement: () => ({ id: values.ID!, context: xml }),
        },
      );
      return context;
    },
  };
}

/**
 * The XML of a base64 SAMLResponse, and back: for the tests that rearrange a signed response
 * (signature wrapping) without re-signing it.
 */
export const samlXml = {
  decode: (response: string) => Buffer.from(response, 'base64').toString('utf8'),
  encode: (xml: string) => Buffer.from(xml, 'utf8').toString('base64'),
};
