import type { ValidationErrorBody } from '@paraaf/contract';

export const TOKEN_KEY = 'paraaf.token';
/** The platform admin's own token, kept while the admin acts as another user (login-as-user). */
export const ADMIN_TOKEN_KEY = 'paraaf.adminToken';

/** An HTTP failure with the server's message and, on 422, its field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  readonly body: unknown;

  constructor(
    status: number,
    message: string,
    errors: Record<string, string[]> = {},
    body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  /** The first message per field, as forms show them. */
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [field, list] of Object.entries(this.errors)) {
      const first = list[0];
      if (first) out[field] = first;
    }
    return out;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** Keeps the token in localStorage, or in memory when storage is unavailable (private mode). */
export interface TokenStore {
  get(): string | null;
  set(token: string | null): void;
}

export function createTokenStore(
  getStorage: () => Storage | undefined,
  key: string = TOKEN_KEY,
): TokenStore {
  let memory: string | null = null;
  const storage = (): Storage | undefined => {
    try {
      const s = getStorage();
      if (!s) return undefined;
      // Safari private mode used to throw on setItem; probe once per call.
      const probe = '__paraaf_probe__';
      s.setItem(probe, probe);
      s.removeItem(probe);
      return s;
    } catch {
      return undefined;
    }
  };
  return {
    get() {
      const s = storage();
      return s ? (s.getItem(key) ?? memory) : memory;
    },
    set(token) {
      memory = token;
      const s = storage();
      if (!s) return;
      if (token) s.setItem(key, token);
      else s.removeItem(key);
    },
  };
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON, FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Do not treat a 401 as an expired session (the login call itself). */
  skipUnauthorizedHandler?: boolean;
  /** Extra headers, e.g. a Content-Language other than nl. */
  headers?: Record<string, string>;
  /** Resolve with the untouched Response on success (binary bodies, headers); errors still throw. */
  raw?: boolean;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  tokens: TokenStore;
  baseUrl?: string;
  /** Called on a 401 of any call except those that opt out. */
  onUnauthorized?: () => void;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? '/api';
  let onUnauthorized = options.onUnauthorized;

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const headers = new Headers({ Accept: 'application/json', 'Content-Language': 'nl' });
    const token = options.tokens.get();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(opts.headers ?? {})) headers.set(name, value);

    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) {
      body = opts.body;
    } else if (opts.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(opts.body);
    }

    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    let response: Response;
    try {
      response = await doFetch(baseUrl + path + queryString(opts.query), {
        method: opts.method ?? 'GET',
        headers,
        body,
        signal: opts.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'Er is iets mis gegaan. Controleer je internetverbinding.');
    }

    if (response.ok && opts.raw) return response as T;
    const data = await readBody(response);
    if (response.ok) return data as T;

    // Only the session still in use can have expired: a call of one left meanwhile (going back
    // from acting as a user, a new login) says nothing about the current one.
    if (response.status === 401 && !opts.skipUnauthorizedHandler && options.tokens.get() === token)
      onUnauthorized?.();
    const { message, errors } = errorParts(data, response.status);
    throw new ApiError(response.status, message, errors, data);
  }

  return {
    request,
    get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'GET' }),
    post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'PUT', body }),
    delete: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
      request<T>(path, { ...opts, method: 'DELETE' }),
    setUnauthorizedHandler(handler: (() => void) | undefined) {
      onUnauthorized = handler;
    },
  };
}

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function errorParts(
  data: unknown,
  status: number,
): Pick<ValidationErrorBody, 'message' | 'errors'> {
  let message = '';
  let errors: Record<string, string[]> = {};
  if (data && typeof data === 'object') {
    const d = data as Partial<Record<'message' | 'errors', unknown>>;
    if (typeof d.message === 'string') message = d.message;
    if (d.errors && typeof d.errors === 'object') {
      errors = Object.fromEntries(
        Object.entries(d.errors as Record<string, unknown>).map(([k, v]) => [
          k,
          Array.isArray(v) ? v.map(String) : [String(v)],
        ]),
      );
    }
  } else if (typeof data === 'string' && data.length < 500) {
    message = data;
  }
  return { message: message || `Er is iets mis gegaan (${status})`, errors };
}

const browserStorage = () => (typeof window === 'undefined' ? undefined : window.localStorage);
export const tokens = createTokenStore(browserStorage);
export const adminTokens = createTokenStore(browserStorage, ADMIN_TOKEN_KEY);

/**
 * A download link with the session token in the query (seed 001: 'token as query parameter'):
 * it opens in a new tab, where no Authorization header can be set.
 */
export function downloadUrl(path: string): string {
  const token = tokens.get();
  return `/api${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** The app's client; the 401 handler is attached by the router (see app/router.tsx). */
export const api = createApiClient({ tokens });
