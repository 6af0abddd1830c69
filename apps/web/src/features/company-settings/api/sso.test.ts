import { describe, expect, it } from 'vitest';
import { ssoBody, type SsoFormValues } from './sso';

const values: SsoFormValues = {
  protocol: 'oidc',
  issuer: 'https://idp.example/',
  client_id: 'paraaf',
  client_secret: '',
  metadata_url: 'https://idp.example/metadata',
  metadata_xml: '',
  domains: ['bedrijf.nl'],
  default_role: 'user',
  enforce: false,
  break_glass_user_id: null,
};

describe('the body of the single sign-on form', () => {
  it('sends only the chosen protocol: OpenID Connect, or SAML metadata', () => {
    expect(ssoBody(values)).toMatchObject({
      oidc: { issuer: 'https://idp.example/', client_id: 'paraaf' },
      saml: null,
    });
    expect(ssoBody({ ...values, protocol: 'saml' })).toMatchObject({
      oidc: null,
      saml: { metadata_url: 'https://idp.example/metadata' },
    });
  });

  it('prefers pasted XML over the URL, and sends an empty SAML block to keep the stored metadata', () => {
    const xml = '<EntityDescriptor/>';
    expect(ssoBody({ ...values, protocol: 'saml', metadata_xml: xml }).saml).toEqual({
      metadata_xml: xml,
    });
    expect(ssoBody({ ...values, protocol: 'saml', metadata_url: ' ' }).saml).toEqual({});
  });
});
