import type { MicrosoftConfig } from '../../config/env.ts';
import { MicrosoftTokenClient } from './token-client.ts';

/**
 * The consented organisation's name as Microsoft 365 shows it (`GET /v1.0/organization`,
 * displayName; needs the app permission Organization.Read.All), or null when Graph does not give
 * it (permission not granted, Graph unreachable): the consent is stored either way.
 */
export async function readOrganizationName(
  ms: MicrosoftConfig,
  tenant: string,
  tokens: MicrosoftTokenClient = new MicrosoftTokenClient(ms),
): Promise<string | null> {
  try {
    const token = await tokens.accessToken(tenant);
    const response = await fetch(`${ms.graphUrl}/v1.0/organization?$select=displayName`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { value?: { displayName?: unknown }[] };
    const name = body.value?.[0]?.displayName;
    return typeof name === 'string' && name.trim() ? name.trim() : null;
  } catch {
    return null;
  }
}
