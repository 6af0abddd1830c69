import { mollieRestApi, officialMollieApi } from './mollie-api.ts';
import { MolliePaymentProvider } from './mollie.ts';
import type { PaymentProvider } from './payment-provider.ts';

/** Where the simulator is mounted in the api (registered by the billing module, issue 14). */
export const paymentsSimulatorPrefix = '/dev/payments';

/** The key the Mollie driver sends to the simulator, which only checks Mollie's key shape. */
const simulatorApiKey = 'test_paraafsimulator';

/**
 * MOLLIE_API_KEY set: the Mollie driver over the official client, at api.mollie.com. Unset: the
 * same Mollie driver, its requests sent over fetch to the built-in simulator
 * (`{appUrl}/dev/payments/v2/`; the official client cannot reach http://, see mollie-api.ts).
 */
export function createPaymentProvider(config: {
  mollieApiKey: string | null;
  appUrl: string;
}): PaymentProvider {
  if (config.mollieApiKey) {
    return new MolliePaymentProvider(officialMollieApi(config.mollieApiKey));
  }
  return new MolliePaymentProvider(
    mollieRestApi({ apiKey: simulatorApiKey, apiEndpoint: simulatorApiEndpoint(config.appUrl) }),
    'simulator',
  );
}

export function simulatorBaseUrl(appUrl: string): string {
  return `${appUrl.replace(/\/$/, '')}${paymentsSimulatorPrefix}`;
}

export function simulatorApiEndpoint(appUrl: string): string {
  return `${simulatorBaseUrl(appUrl)}/v2/`;
}
