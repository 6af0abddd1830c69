import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../mail/layout.ts';
import {
  PaymentsSimulatorStore,
  simulatorId,
  type SimCustomer,
  type SimMandate,
  type SimPayment,
} from './simulator-store.ts';

/** The outcomes a tester can choose at checkout: Mollie's own status names. */
export const checkoutOutcomes = ['paid', 'failed', 'canceled', 'expired'] as const;
export type CheckoutOutcome = (typeof checkoutOutcomes)[number];

/** Mollie calls a webhook again when it is not sure it arrived; the simulator always calls twice. */
export const webhookCalls = 2;

export interface PaymentsSimulatorOptions {
  store: PaymentsSimulatorStore;
  /** The absolute URL of the plugin's prefix, e.g. `http://localhost:3000/dev/payments`. */
  baseUrl: string;
}

/**
 * Mollie's test mode, built in: the REST API the Mollie client speaks (under `{prefix}/v2/`:
 * payments, customers, a customer's mandates and payments, with Mollie's JSON and error shapes)
 * and a Dutch checkout page per payment (`{prefix}/checkout/tr_…`) with one button per outcome.
 * Choosing one sets the status, makes a 'first' payment that is paid a valid mandate, calls the
 * webhook (form field `id`, twice, in the background) and sends the browser to the redirectUrl.
 * A create with an `Idempotency-Key` header answers the object first created with that key
 * again, as Mollie does. State: the `payment_simulator_objects` table (simulator-store.ts).
 * Path parameters are named `paymentId`/`customerId`: the app parses every `:id` as a row id.
 */
export const paymentsSimulator: FastifyPluginAsync<PaymentsSimulatorOptions> = (
  app,
  { store, baseUrl: rawBaseUrl },
) => {
  const baseUrl = rawBaseUrl.replace(/\/$/, '');
  const api = `${baseUrl}/v2`;

  // Mollie posts its webhooks, and the checkout page its form, urlencoded; parsed only here.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRoute(request)) return;
    const auth = request.headers.authorization;
    if (!auth || !/^Bearer (test|live)_\w+$/.test(auth)) {
      return mollieError(
        reply,
        401,
        'Unauthorized Request',
        'Missing authentication, or failed to authenticate',
      );
    }
  });
  app.addHook('preHandler', (request, _reply, done) => {
    if (isApiRoute(request)) {
      store.record({
        method: request.method,
        path: request.url.slice(request.url.indexOf('/v2/')),
        authorization: request.headers.authorization ?? null,
        idempotencyKey: idempotencyKeyOf(request),
        body: request.body ?? null,
      });
    }
    done();
  });

  const paymentJson = (payment: SimPayment) => ({
    resource: 'payment',
    id: payment.id,
    mode: 'test',
    createdAt: payment.createdAt,
    amount: payment.amount,
    description: payment.description,
    method: payment.sequenceType === 'recurring' ? 'directdebit' : null,
    metadata: payment.metadata,
    status: payment.status,
    isCancelable: payment.status === 'open',
    profileId: 'pfl_simulator',
    sequenceType: payment.sequenceType,
    redirectUrl: payment.redirectUrl,
    webhookUrl: payment.webhookUrl,
    ...(payment.customerId ? { customerId: payment.customerId } : {}),
    ...(payment.mandateId ? { mandateId: payment.mandateId } : {}),
    ...(payment.status === 'paid' ? { paidAt: payment.createdAt } : {}),
    _links: {
      self: link(`${api}/payments/${payment.id}`, 'application/hal+json'),
      ...(payment.status === 'open' && payment.sequenceType !== 'recurring'
        ? { checkout: link(`${baseUrl}/checkout/${payment.id}`, 'text/html') }
        : {}),
      ...(payment.customerId
        ? { customer: link(`${api}/customers/${payment.customerId}`, 'application/hal+json') }
        : {}),
      ...(payment.mandateId && payment.customerId
        ? {
            mandate: link(
              `${api}/customers/${payment.customerId}/mandates/${payment.mandateId}`,
              'application/hal+json',
            ),
          }
        : {}),
      documentation: docs('payments-api/get-payment'),
    },
  });

  const customerJson = (customer: SimCustomer) => ({
    resource: 'customer',
    id: customer.id,
    mode: 'test',
    name: customer.name,
    email: customer.email,
    locale: null,
    metadata: customer.metadata,
    createdAt: customer.createdAt,
    _links: {
      self: link(`${api}/customers/${customer.id}`, 'application/hal+json'),
      documentation: docs('customers-api/get-customer'),
    },
  });

  const mandateJson = (mandate: SimMandate) => ({
    resource: 'mandate',
    id: mandate.id,
    mode: 'test',
    status: mandate.status,
    method: mandate.method,
    details: {
      consumerName: mandate.consumerName,
      consumerAccount: 'NL55INGB0000000000',
      consumerBic: 'INGBNL2A',
    },
    mandateReference: null,
    signatureDate: mandate.createdAt.slice(0, 10),
    createdAt: mandate.createdAt,
    _links: {
      self: link(
        `${api}/customers/${mandate.customerId}/mandates/${mandate.id}`,
        'application/hal+json',
      ),
      customer: link(`${api}/customers/${mandate.customerId}`, 'application/hal+json'),
      documentation: docs('mandates-api/get-mandate'),
    },
  });

  const hal = (reply: FastifyReply, status: number, body: unknown) =>
    reply.code(status).type('application/hal+json').send(body);

  /** Creates a payment after Mollie's checks; answers 422 like Mollie for what it would refuse. */
  const createPayment = async (
    request: FastifyRequest,
    reply: FastifyReply,
    customerFromPath: string | null,
  ) => {
    const parsed = paymentBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || undefined;
      return mollieError(
        reply,
        422,
        'Unprocessable Entity',
        `The ${field ?? 'request'} is invalid`,
        field,
      );
    }
    const input = parsed.data;
    const customerId = customerFromPath ?? input.customerId ?? null;
    const sequenceType = input.sequenceType ?? 'oneoff';
    if (customerId && !(await store.getCustomer(customerId))) {
      return mollieError(reply, 404, 'Not Found', `No customer exists with token ${customerId}.`);
    }
    if (sequenceType !== 'recurring' && !input.redirectUrl) {
      return mollieError(
        reply,
        422,
        'Unprocessable Entity',
        'The redirect URL is required',
        'redirectUrl',
      );
    }
    if (sequenceType === 'first' && !customerId) {
      return mollieError(
        reply,
        422,
        'Unprocessable Entity',
        'A first payment needs a customer',
        'customerId',
      );
    }
    let mandateId: string | null = null;
    if (sequenceType === 'recurring') {
      const mandate = customerId
        ? (await store.mandatesOf(customerId)).find(
            (m) => !input.mandateId || m.id === input.mandateId,
          )
        : undefined;
      if (!mandate) {
        return mollieError(
          reply,
          422,
          'Unprocessable Entity',
          'The customer has no valid mandate',
          'mandateId',
        );
      }
      mandateId = mandate.id;
    }
    const { object: payment, created } = await store.insertPayment(
      {
        id: simulatorId('tr'),
        createdAt: new Date().toISOString(),
        status: sequenceType === 'recurring' ? 'pending' : 'open',
        amount: input.amount,
        description: input.description,
        sequenceType,
        redirectUrl: input.redirectUrl ?? null,
        webhookUrl: input.webhookUrl ?? null,
        metadata: input.metadata ?? null,
        customerId,
        mandateId,
      },
      idempotencyKeyOf(request),
    );
    // A recurring payment on a mandate is collected without the consumer: paid, then the webhook.
    if (created && sequenceType === 'recurring') {
      setImmediate(() => void decide(payment.id, 'paid'));
    }
    return hal(reply, 201, paymentJson(payment));
  };

  /**
   * Sets the outcome of an open payment (once: a decided payment stays as it is), gives a paid
   * first payment its mandate, and calls the webhook. Null: unknown or already decided.
   */
  const decide = async (paymentId: string, outcome: CheckoutOutcome) => {
    const result = await store.updatePayment(paymentId, async (payment, tx) => {
      if (payment.status !== 'open' && payment.status !== 'pending') return null;
      const next: SimPayment = { ...payment, status: outcome };
      if (outcome === 'paid' && payment.sequenceType === 'first' && payment.customerId) {
        const customer = await store.getCustomer(payment.customerId, tx);
        const mandate: SimMandate = {
          id: simulatorId('mdt'),
          createdAt: new Date().toISOString(),
          customerId: payment.customerId,
          status: 'valid',
          method: 'directdebit',
          consumerName: customer?.name ?? 'Testklant',
        };
        await store.insertMandate(tx, mandate);
        next.mandateId = mandate.id;
      }
      return next;
    });
    if (!result?.changed) return null;
    // As Mollie: the webhook comes in the background, after (or while) the browser returns.
    setImmediate(() => void callWebhook(result.payment));
    return result.payment;
  };

  app.post('/v2/payments', (request, reply) => createPayment(request, reply, null));

  app.get<{ Params: { paymentId: string } }>('/v2/payments/:paymentId', async (request, reply) => {
    const payment = await store.getPayment(request.params.paymentId);
    if (!payment) {
      return mollieError(
        reply,
        404,
        'Not Found',
        `No payment exists with token ${request.params.paymentId}.`,
      );
    }
    return hal(reply, 200, paymentJson(payment));
  });

  app.post('/v2/customers', async (request, reply) => {
    const parsed = customerBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') || undefined;
      return mollieError(
        reply,
        422,
        'Unprocessable Entity',
        `The ${field ?? 'request'} is invalid`,
        field,
      );
    }
    const { object: customer } = await store.insertCustomer(
      {
        id: simulatorId('cst'),
        createdAt: new Date().toISOString(),
        name: parsed.data.name ?? null,
        email: parsed.data.email ?? null,
        metadata: parsed.data.metadata ?? null,
      },
      idempotencyKeyOf(request),
    );
    return hal(reply, 201, customerJson(customer));
  });

  app.get<{ Params: { customerId: string } }>(
    '/v2/customers/:customerId/mandates',
    async (request, reply) => {
      const customerId = request.params.customerId;
      if (!(await store.getCustomer(customerId))) {
        return mollieError(reply, 404, 'Not Found', `No customer exists with token ${customerId}.`);
      }
      const mandates = (await store.mandatesOf(customerId)).map(mandateJson);
      return hal(reply, 200, {
        count: mandates.length,
        _embedded: { mandates },
        _links: {
          self: link(`${api}/customers/${customerId}/mandates`, 'application/hal+json'),
          previous: null,
          next: null,
          documentation: docs('mandates-api/list-mandates'),
        },
      });
    },
  );

  app.post<{ Params: { customerId: string } }>(
    '/v2/customers/:customerId/payments',
    (request, reply) => createPayment(request, reply, request.params.customerId),
  );

  app.get<{ Params: { paymentId: string } }>('/checkout/:paymentId', async (request, reply) => {
    const payment = await store.getPayment(request.params.paymentId);
    const html = !payment
      ? unknownPaymentPage()
      : payment.status === 'open' && payment.sequenceType !== 'recurring'
        ? checkoutPage(payment, `${baseUrl}/checkout/${payment.id}`)
        : closedPage(payment);
    return reply
      .code(payment ? 200 : 404)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  });

  app.post<{ Params: { paymentId: string } }>('/checkout/:paymentId', async (request, reply) => {
    const payment = await store.getPayment(request.params.paymentId);
    if (!payment) {
      return reply.code(404).type('text/html; charset=utf-8').send(unknownPaymentPage());
    }
    const status = (request.body as Record<string, unknown> | undefined)?.status;
    if (!checkoutOutcomes.includes(status as CheckoutOutcome)) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(checkoutPage(payment, `${baseUrl}/checkout/${payment.id}`, true));
    }
    const decided =
      payment.status === 'open' && payment.sequenceType !== 'recurring'
        ? await decide(payment.id, status as CheckoutOutcome)
        : null;
    if (!decided) {
      const now = (await store.getPayment(payment.id)) ?? payment;
      return reply.code(409).type('text/html; charset=utf-8').send(closedPage(now));
    }
    return reply.redirect(decided.redirectUrl ?? `${baseUrl}/checkout/${decided.id}`, 303);
  });

  /** POSTs `id=tr_…` to the webhook, `webhookCalls` times in a row; failures are only logged. */
  async function callWebhook(payment: SimPayment): Promise<void> {
    if (!payment.webhookUrl) return;
    for (let attempt = 1; attempt <= webhookCalls; attempt++) {
      try {
        const response = await fetch(payment.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ id: payment.id }).toString(),
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
      } catch (error) {
        app.log.warn({ err: error, paymentId: payment.id }, 'payments simulator: webhook failed');
      }
    }
  }

  return Promise.resolve();
};

/** The Idempotency-Key header of a create (Mollie's name), at most 255 characters, or null. */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  const key = Array.isArray(value) ? value[0] : value;
  return key ? key.slice(0, 255) : null;
}

function isApiRoute(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? '').includes('/v2/');
}

const amountSchema = z.object({
  currency: z.literal('EUR'),
  value: z.string().regex(/^\d{1,10}\.\d{2}$/),
});
const metadataSchema = z.record(z.string(), z.unknown()).nullable().optional();
const url = z.string().url().max(2048);

const paymentBody = z.object({
  amount: amountSchema,
  description: z.string().min(1).max(255),
  redirectUrl: url.optional(),
  webhookUrl: url.optional(),
  metadata: metadataSchema,
  customerId: z.string().max(64).optional(),
  mandateId: z.string().max(64).optional(),
  sequenceType: z.enum(['oneoff', 'first', 'recurring']).optional(),
});

const customerBody = z.object({
  name: z.string().max(255).optional(),
  email: z.string().email().max(320).optional(),
  metadata: metadataSchema,
});

function link(href: string, type: string) {
  return { href, type };
}

function docs(path: string) {
  return link(`https://docs.mollie.com/reference/v2/${path}`, 'text/html');
}

/** Mollie's error body (application/hal+json), which the client turns into an ApiError. */
function mollieError(
  reply: FastifyReply,
  status: number,
  title: string,
  detail: string,
  field?: string,
) {
  return reply
    .code(status)
    .type('application/hal+json')
    .send({
      status,
      title,
      detail,
      ...(field ? { field } : {}),
      _links: { documentation: docs('overview') },
    });
}

const style = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f1f3f5;color:#212529}
header{background:#0a0a0a;color:#fff;padding:1rem 1.5rem;font-weight:700}
main{max-width:32rem;margin:1.5rem auto;padding:0 1rem}
.card{background:#fff;border-radius:10px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.25rem 1.5rem}
h1{font-size:1.35rem;margin:.2rem 0 1rem}.note{background:#fff3bf;border-radius:8px;padding:.6rem .9rem;font-size:.9rem}
.error{background:#ffe3e3;border-radius:8px;padding:.6rem .9rem}
table{width:100%;border-collapse:collapse;margin-bottom:1rem}th,td{text-align:left;padding:.35rem 0;border-bottom:1px solid #e9ecef}th{font-weight:500;color:#495057}
form{display:grid;gap:.5rem}button{border:0;border-radius:8px;padding:.75rem 1rem;font-size:1rem;font-weight:600;cursor:pointer;color:#fff;font-family:ui-monospace,monospace}
button[value=paid]{background:#2b8a3e}button[value=failed]{background:#c92a2a}button[value=canceled]{background:#495057}button[value=expired]{background:#e67700}
button:focus-visible{outline:3px solid #4dabf7;outline-offset:2px}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${style}</style></head><body><header>Testbetaling — betaalsimulator van Paraaf</header><main><div class="card">${body}</div></main></body></html>`;
}

function euro(value: string): string {
  return `€ ${value.replace('.', ',')}`;
}

function checkoutPage(payment: SimPayment, action: string, invalidChoice = false): string {
  const buttons = checkoutOutcomes
    .map((outcome) => `<button type="submit" name="status" value="${outcome}">${outcome}</button>`)
    .join('');
  return page(
    'Testbetaling — Paraaf',
    `<h1>Kies de uitkomst van deze testbetaling</h1>
<p class="note">Dit is een testomgeving: er wordt geen echt geld afgeschreven.</p>
${invalidChoice ? '<p class="error" role="alert">Kies een van de vier uitkomsten.</p>' : ''}
<table><tr><th>Omschrijving</th><td>${escapeHtml(payment.description)}</td></tr>
<tr><th>Bedrag</th><td>${escapeHtml(euro(payment.amount.value))}</td></tr>
<tr><th>Betaling</th><td>${escapeHtml(payment.id)}</td></tr></table>
<form method="post" action="${escapeHtml(action)}">${buttons}</form>`,
  );
}

function closedPage(payment: SimPayment): string {
  const back = payment.redirectUrl
    ? `<p><a href="${escapeHtml(payment.redirectUrl)}">Terug naar de webwinkel</a></p>`
    : '';
  return page(
    'Betaling afgerond — Paraaf',
    `<h1>Deze betaling is al afgerond</h1><p>Status: ${escapeHtml(payment.status)}</p>${back}`,
  );
}

function unknownPaymentPage(): string {
  return page(
    'Betaling onbekend — Paraaf',
    '<h1>Deze betaling bestaat niet</h1><p>Controleer de link of start de betaling opnieuw.</p>',
  );
}
