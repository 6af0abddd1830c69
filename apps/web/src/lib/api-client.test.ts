import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, createTokenStore, TOKEN_KEY } from './api-client';

function json(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(response: Response, token: string | null = 'abc') {
  const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(response);
  const tokens = createTokenStore(() => undefined);
  tokens.set(token);
  const onUnauthorized = vi.fn();
  const api = createApiClient({ fetch, tokens, onUnauthorized });
  return { api, fetch, onUnauthorized, tokens };
}

describe('api client', () => {
  it('sends the bearer token, Content-Language nl and a JSON body under /api', async () => {
    const { api, fetch } = setup(json(200, { ok: true }));
    await expect(api.post('/users/invite', { name: 'Jan' })).resolves.toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/users/invite');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer abc');
    expect(headers.get('Content-Language')).toBe('nl');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"name":"Jan"}');
  });

  it('sends no Authorization header when logged out, and builds the query string', async () => {
    const { api, fetch } = setup(json(200, {}), null);
    await api.get('/users', { query: { page: 2, order: 'id,desc', empty: '' } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/users?page=2&order=id%2Cdesc');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    expect(new Headers(init?.headers).get('Content-Language')).toBe('nl');
  });

  it('leaves multipart bodies to the browser', async () => {
    const { api, fetch } = setup(json(201, {}));
    const form = new FormData();
    form.set('name', 'x');
    await api.post('/templates', form);
    const [, init] = fetch.mock.calls[0]!;
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('turns a 422 into an ApiError with message and field errors', async () => {
    const body = {
      message: 'Je hebt niet alle velden correct ingevuld',
      errors: { email: ['Dit veld is verplicht'], 'signers.0.email': ['Ongeldig', 'Tweede'] },
    };
    const { api, onUnauthorized } = setup(json(422, body));
    const error = await api.post('/auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe(body.message);
    expect(apiError.errors).toEqual(body.errors);
    expect(apiError.fieldErrors()).toEqual({
      email: 'Dit veld is verplicht',
      'signers.0.email': 'Ongeldig',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('calls the 401 handler on an expired session', async () => {
    const { api, onUnauthorized } = setup(json(401, { message: 'Je bent niet ingelogd' }));
    await expect(api.get('/user')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('ignores a 401 of a session that is no longer the current one (switched while the call ran)', async () => {
    const { api, onUnauthorized, tokens } = setup(json(401, { message: 'Je bent niet ingelogd' }));
    const fetch = vi.fn<typeof globalThis.fetch>(() => {
      // 'Terug naar je eigen account' while this call of the ended session was on its way.
      tokens.set('own-token');
      return Promise.resolve(json(401, { message: 'Je bent niet ingelogd' }));
    });
    const switching = createApiClient({ fetch, tokens, onUnauthorized });
    tokens.set('user-token');
    await expect(switching.get('/sign-requests')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
    // The current session refused: that one did expire.
    await expect(api.get('/user')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not treat a 401 of the login call as an expired session', async () => {
    const { api, onUnauthorized } = setup(json(401, { message: 'Onjuist' }));
    await expect(
      api.post('/auth/login', {}, { skipUnauthorizedHandler: true }),
    ).rejects.toMatchObject({ status: 401, message: 'Onjuist' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('returns undefined for 204', async () => {
    const { api } = setup(new Response(null, { status: 204 }));
    await expect(api.delete('/users/3')).resolves.toBeUndefined();
  });
});

describe('token store', () => {
  it('persists in localStorage under paraaf.token', () => {
    const store = createTokenStore(() => window.localStorage);
    store.set('t1');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('t1');
    expect(store.get()).toBe('t1');
    store.set(null);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('falls back to memory when storage throws', () => {
    const store = createTokenStore(() => {
      throw new Error('SecurityError');
    });
    store.set('t2');
    expect(store.get()).toBe('t2');
  });
});
