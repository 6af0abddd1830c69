import type { Config } from '../../config/env.ts';
import type { IdentityProvider } from './identity-provider.ts';
import { OidcIdentityProvider } from './oidc.ts';
import { SimulatorIdentityProvider } from './simulator.ts';

/** IDIN_PROVIDER=oidc: the broker configured by IDIN_*; otherwise the built-in simulator. */
export function createIdentityProvider(config: Config): IdentityProvider {
  const idin = config.idin;
  if (idin.provider === 'oidc') {
    if (!idin.issuer || !idin.clientId || !idin.clientSecret) {
      throw new Error(
        'IDIN_PROVIDER=oidc needs IDIN_ISSUER, IDIN_CLIENT_ID and IDIN_CLIENT_SECRET',
      );
    }
    return new OidcIdentityProvider({
      issuer: idin.issuer,
      clientId: idin.clientId,
      clientSecret: idin.clientSecret,
      scopes: idin.scopes,
    });
  }
  return new SimulatorIdentityProvider(`${config.appUrl}/api/identity/simulator`);
}
