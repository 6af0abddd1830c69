import { createRequire } from 'node:module';
import { ssoMessages } from '@paraaf/contract';
import type { Config } from '../../config/env.ts';
import { guardedFetch } from './guarded-fetch.ts';
import { discoveryFailureReason } from './oidc-client.ts';

/**
 * @xmldom/xmldom (node-saml's own parser), loaded untyped: its typings pull the browser's DOM
 * library into the whole program, which retypes Node's fetch. These are the parts used here.
 */
interface XmlElement {
  localName: string;
  namespaceURI: string | null;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getElementsByTagNameNS(ns: string, name: string): ArrayLike<XmlElement>;
}
const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as {
  DOMParser: new (options: { errorHandler: Record<string, () => void> }) => {
    parseFromString(xml: string, type: string): { documentElement: XmlElement | null } | undefined;
  };
};

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/** What a login needs of an identity provider's metadata (read, not trusted: it is not signed). */
export interface IdpMetadata {
  entityId: string;
  /** The SingleSignOnService, HTTP-Redirect preferred. */
  ssoUrl: string;
  /** The signing certificates (base64 DER), for node-saml's idpCert. */
  certificates: string[];
}

export function parseIdpMetadata(xml: string): IdpMetadata | null {
  let entity: XmlElement | null | undefined;
  try {
    const quiet = { warning: () => {}, error: () => {}, fatalError: () => {} };
    entity = new DOMParser({ errorHandler: quiet }).parseFromString(
      xml,
      'text/xml',
    )?.documentElement;
  } catch {
    return null;
  }
  if (!entity || entity.localName !== 'EntityDescriptor' || entity.namespaceURI !== MD) return null;
  const idp = entity.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
  if (!idp) return null;
  const services = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService'));
  const service =
    services.find((s) => s.getAttribute('Binding') === REDIRECT) ??
    services.find((s) => s.getAttribute('Binding') === POST);
  const certificates = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))
    .filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, 'X509Certificate')))
    .map((c) => (c.textContent ?? '').replace(/\s+/g, ''))
    .filter(Boolean);
  const entityId = entity.getAttribute('entityID');
  const ssoUrl = service?.getAttribute('Location');
  if (!entityId || !ssoUrl || certificates.length === 0) return null;
  return { entityId, ssoUrl, certificates };
}

export function samlEntityIdOfMetadata(xml: string): string | null {
  return parseIdpMetadata(xml)?.entityId ?? null;
}

/**
 * The identity provider's metadata from the form: the XML pasted, or fetched from its URL through
 * the SSRF guard. Throws an Error with the Dutch message when it cannot be used.
 */
export async function loadSamlMetadata(
  config: Config,
  input: { metadata_url: string | null; metadata_xml: string | null },
): Promise<{ url: string | null; xml: string }> {
  let xml = input.metadata_xml;
  if (!xml && input.metadata_url) {
    try {
      const response = await guardedFetch({ allowLoopback: config.webhooks.allowLoopback })(
        input.metadata_url,
      );
      if (!response.ok)
        throw Object.assign(new Error('status'), { cause: { status: response.status } });
      xml = (await response.text()).slice(0, 500_000);
    } catch (error) {
      throw new Error(ssoMessages.samlMetadataFailed(discoveryFailureReason(error)), {
        cause: error,
      });
    }
  }
  if (!xml || !parseIdpMetadata(xml)) throw new Error(ssoMessages.samlMetadataInvalid);
  return { url: input.metadata_xml ? null : input.metadata_url, xml };
}
