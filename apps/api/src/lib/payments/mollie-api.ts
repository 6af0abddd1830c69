import createMollieClient, { MollieApiError } from '@mollie/api-client';

/**
 * The part of Mollie's v2 REST API Paraaf uses, as request bodies and response fields. Two
 * transports speak it: the official client `@mollie/api-client` (production, api.mollie.com) and
 * `mollieRestApi` below, plain fetch against the same paths with the same JSON bodies. The second
 * exists because the official client's `apiEndpoint` option only works over HTTPS with a
 * certificate from its bundled CA list (it always sends through an https.Agent with that list),
 * so it cannot reach the built-in simulator at an http:// APP_URL. Both throw MollieApiError.
 * The creates take an optional idempotency key: Mollie's `Idempotency-Key` header (a repeated
 * key answers the object first created with it instead of creating another).
 */
export interface MollieApi {
  createPayment(body: MolliePaymentRequest, idempotencyKey?: string): Promise<MolliePaymentData>;
  getPayment(id: string): Promise<MolliePaymentData>;
  createCustomer(body: MollieCustomerRequest, idempotencyKey?: string): Promise<MollieCustomerData>;
  listMandates(customerId: string): Promise<MollieMandateData[]>;
  createCustomerPayment(
    customerId: string,
    body: MolliePaymentRequest,
    idempotencyKey?: string,
  ): Promise<MolliePaymentData>;
}

export interface MolliePaymentRequest {
  amount: { currency: 'EUR'; value: string };
  description: string;
  redirectUrl?: string;
  webhookUrl: string;
  metadata: Record<string, unknown>;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  customerId?: string;
  mandateId?: string;
}

export interface MollieCustomerRequest {
  name: string;
  email: string;
  metadata: Record<string, unknown>;
}

export interface MolliePaymentData {
  id: string;
  status: string;
  amount: { value: string; currency: string };
  description: string;
  sequenceType: string;
  metadata: unknown;
  customerId?: string | null;
  mandateId?: string | null;
  _links: { checkout?: { href: string } | null };
}

export interface MollieCustomerData {
  id: string;
  name?: string | null;
  email?: string | null;
  metadata: unknown;
}

export interface MollieMandateData {
  id: string;
  status: string;
  method: string;
}

/** Production: the official client. */
export function officialMollieApi(apiKey: string): MollieApi {
  const client = createMollieClient({ apiKey, versionStrings: 'Paraaf/1.0' });
  type PaymentParams = Parameters<typeof client.payments.create>[0];
  type CustomerPaymentParams = Parameters<typeof client.customerPayments.create>[0];
  return {
    createPayment: (body, idempotencyKey) =>
      client.payments.create({ ...body, idempotencyKey } as PaymentParams),
    getPayment: (id) => client.payments.get(id),
    createCustomer: (body, idempotencyKey) => client.customers.create({ ...body, idempotencyKey }),
    listMandates: async (customerId) => [
      ...(await client.customerMandates.page({ customerId, limit: 250 })),
    ],
    createCustomerPayment: (customerId, body, idempotencyKey) =>
      client.customerPayments.create({
        customerId,
        ...body,
        idempotencyKey,
      } as CustomerPaymentParams),
  };
}

/** The same requests over fetch, for an http:// endpoint (the built-in simulator). */
export function mollieRestApi(options: { apiKey: string; apiEndpoint: string }): MollieApi {
  const root = options.apiEndpoint.endsWith('/') ? options.apiEndpoint : `${options.apiEndpoint}/`;
  const request = async <T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(new URL(path, root), {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/hal+json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new MollieApiError(`payments provider unreachable: ${String(error)}`);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new MollieApiError('Received unexpected response from the server');
    }
    if (!response.ok) throw MollieApiError.createFromResponse(json, undefined);
    return json as T;
  };
  const id = (value: string) => encodeURIComponent(value);
  return {
    createPayment: (body, key) => request('POST', 'payments', body, key),
    getPayment: (paymentId) => request('GET', `payments/${id(paymentId)}`),
    createCustomer: (body, key) => request('POST', 'customers', body, key),
    listMandates: async (customerId) =>
      (
        await request<{ _embedded: { mandates: MollieMandateData[] } }>(
          'GET',
          `customers/${id(customerId)}/mandates?limit=250`,
        )
      )._embedded.mandates,
    createCustomerPayment: (customerId, body, key) =>
      request('POST', `customers/${id(customerId)}/payments`, body, key),
  };
}
