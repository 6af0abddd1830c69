import type {
  AttachmentValue,
  SigningPage,
  SigningStatusAnswer,
  WalletStarted,
  WalletStatus,
} from '@paraaf/contract';

/**
 * The signer's own small client. It never sends the app user's bearer token (a signer's link is
 * its only credential) and always says which language the signer reads.
 */
export class SignerApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  /** Why a link is closed (410 'replaced') and the signer's language, when the server says so. */
  readonly link: { status: string; locale: string } | null;

  constructor(
    status: number,
    message: string,
    errors: Record<string, string[]> = {},
    link: { status: string; locale: string } | null = null,
  ) {
    super(message);
    this.name = 'SignerApiError';
    this.status = status;
    this.errors = errors;
    this.link = link;
  }

  /** The first message of a field, else the general message. */
  messageFor(field?: string): string {
    const list = field ? this.errors[field] : undefined;
    return list?.[0] ?? this.message;
  }
}

export interface SignerApiOptions {
  fetch?: typeof fetch;
  baseUrl?: string;
}

export function signingPath(token: string, rest = ''): string {
  return `/signing/${encodeURIComponent(token)}${rest}`;
}

export function createSignerApi(options: SignerApiOptions = {}) {
  const baseUrl = options.baseUrl ?? '/api';

  async function send(
    token: string,
    locale: string,
    method: 'GET' | 'POST' | 'PUT',
    rest: string,
    body?: unknown,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Content-Language': locale,
    };
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    // A form sets its own multipart Content-Type (with the boundary).
    if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    let response: Response;
    try {
      response = await doFetch(baseUrl + signingPath(token, rest), {
        method,
        headers,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        credentials: 'omit',
      });
    } catch {
      throw new SignerApiError(0, '');
    }
    if (response.ok) return response;
    let message = '';
    let errors: Record<string, string[]> = {};
    let link: { status: string; locale: string } | null = null;
    try {
      const data = (await response.json()) as {
        message?: unknown;
        errors?: unknown;
        status?: unknown;
        locale?: unknown;
      };
      if (typeof data.message === 'string') message = data.message;
      if (typeof data.status === 'string' && typeof data.locale === 'string') {
        link = { status: data.status, locale: data.locale };
      }
      if (data.errors && typeof data.errors === 'object') {
        errors = Object.fromEntries(
          Object.entries(data.errors as Record<string, unknown>).map(([k, v]) => [
            k,
            Array.isArray(v) ? v.map(String) : [String(v)],
          ]),
        );
      }
    } catch {
      // not JSON: the status alone tells what happened
    }
    throw new SignerApiError(response.status, message, errors, link);
  }

  async function json<T>(response: Response): Promise<T> {
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    page: async (token: string, locale: string) =>
      json<SigningPage>(await send(token, locale, 'GET', '')),
    /** The little a waiting page asks again and again (`GET …/status`). */
    status: async (token: string, locale: string) =>
      json<SigningStatusAnswer>(await send(token, locale, 'GET', '/status')),
    fileUrl: (token: string, signableId: number) =>
      baseUrl + signingPath(token, `/signables/${signableId}/file`),
    /** Page 1 of a large document as an image (`first_page_image`), shown while the PDF loads. */
    firstPageUrl: (token: string, signableId: number) =>
      baseUrl + signingPath(token, `/signables/${signableId}/page-1`),
    /** The signer's stored drawing (a PNG); the token in the path is the only credential. */
    drawingUrl: (token: string, type: 'signature' | 'paraph') =>
      baseUrl + signingPath(token, `/drawings/${type}`),
    sendCode: async (token: string, locale: string, channel: 'email' | 'sms') => {
      await send(token, locale, 'POST', `/verifications/${channel}`, {});
    },
    verifyCode: async (token: string, locale: string, channel: 'email' | 'sms', code: string) => {
      await send(token, locale, 'POST', `/verifications/${channel}/verify`, { code });
    },
    /** `embedded`: the bank opens in a window of its own that comes back to a closing page. */
    startIdin: async (token: string, locale: string, embedded = false) =>
      json<{ redirect_url: string }>(
        await send(token, locale, 'POST', '/verifications/idin', embedded ? { embedded } : {}),
      ),
    startWallet: async (token: string, locale: string) =>
      json<WalletStarted>(await send(token, locale, 'POST', '/wallet/start', {})),
    walletStatus: async (token: string, locale: string) =>
      json<WalletStatus>(await send(token, locale, 'GET', '/wallet/status')),
    saveSignature: async (
      token: string,
      locale: string,
      type: 'signature' | 'paraph',
      image: string,
    ) => {
      await send(token, locale, 'PUT', '/signature', { type, image });
    },
    saveFields: async (
      token: string,
      locale: string,
      fields: { signable_id: number; index: number; value: string | null }[],
    ) => {
      await send(token, locale, 'PUT', '/fields', { fields });
    },
    /** The file of an attachment field (PDF, JPEG or PNG); answers its description. */
    uploadAttachment: async (
      token: string,
      locale: string,
      field: { signable_id: number; index: number },
      file: File,
    ) => {
      const form = new FormData();
      form.set('signable_id', String(field.signable_id));
      form.set('index', String(field.index));
      form.set('file', file, file.name);
      return json<AttachmentValue>(await send(token, locale, 'POST', '/attachments', form));
    },
    /** Values of the PDF's own form fields (only for the signer allowed to edit forms). */
    saveFormFields: async (
      token: string,
      locale: string,
      fields: { signable_id: number; name: string; value: string | null }[],
    ) => {
      await send(token, locale, 'PUT', '/form-fields', { fields });
    },
    approve: async (token: string, locale: string) => {
      await send(token, locale, 'POST', '/approve', {});
    },
    decline: async (token: string, locale: string, reason: string) => {
      await send(token, locale, 'POST', '/decline', { reason });
    },
    /** Hands the request over to someone else (when the sender allows it). */
    delegate: async (
      token: string,
      locale: string,
      body: { firstname: string; lastname: string; email: string; reason: string },
    ) => {
      await send(token, locale, 'POST', '/delegate', body);
    },
  };
}

export const signerApi = createSignerApi();
