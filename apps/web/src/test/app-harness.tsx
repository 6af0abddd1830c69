import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { permissionsFor, type Permission } from '@paraaf/contract';
import { requireAuth } from '../app/guards';
import { AppLayout } from '../app/layouts/app-layout';
import { AppProvider } from '../app/provider';
import { adminTokens, tokens } from '../lib/api-client';
import { queryClient } from '../lib/query-client';

/** One way to set up a screen test: the API as the SPA meets it, a session and the providers. */

export function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const notFound = () => json({ message: 'Niet gevonden' }, 404);

/** A paginated list answer; `paging` overrides the single-page defaults. */
export function listPage<T>(
  data: T[],
  paging: Partial<{
    total: number;
    per_page: number;
    current_page: number;
    last_page: number;
  }> = {},
) {
  return { data, total: data.length, per_page: 10, current_page: 1, last_page: 1, ...paging };
}

/** A company admin of "Bedrijf BV" (GET /api/user). */
export function companyAdmin(values: Record<string, unknown> = {}) {
  return {
    id: 1,
    name: 'Anna Admin',
    email: 'anna@bedrijf.nl',
    roles: [{ name: 'admin' }],
    all_permissions: permissionsFor('admin', false),
    is_active: true,
    two_factor_auth: false,
    created_at: '2025-03-04T09:05:00Z',
    company: { id: 1, name: 'Bedrijf BV' },
    ...values,
  };
}

/** A user of "Bedrijf BV" with `role` and exactly that role's permissions (GET /api/user). */
export function companyUserWithRole(role: 'admin' | 'user', values: Record<string, unknown> = {}) {
  return companyAdmin({
    roles: [{ name: role }],
    all_permissions: permissionsFor(role, false),
    ...values,
  });
}

/** A platform admin of the Paraaf company (GET /api/user). */
export function platformAdmin(values: Record<string, unknown> = {}) {
  return companyAdmin({
    name: 'Petra Platform',
    email: 'petra@paraaf.nl',
    all_permissions: permissionsFor('admin', true),
    company: { id: 1, name: 'Paraaf' },
    ...values,
  });
}

/** The session's company (GET /api/company). */
export function sessionCompany(values: Record<string, unknown> = {}) {
  return {
    id: 1,
    name: 'Bedrijf BV',
    credits: 10,
    features: [],
    current_payment_plan: { price: { type: 'prepaid' } },
    ...values,
  };
}

/** Answers one call of the screen under test; `undefined` falls through to a 404. */
export type ApiAnswer = (
  url: string,
  init: RequestInit | undefined,
) => Response | Promise<Response> | undefined;

/**
 * Stubs the global fetch: `answer` gets every call first; what it leaves (`undefined`) is the
 * session (/api/user, /api/company, /api/locales) or a 404.
 */
export function stubApi(options: { user?: object; company?: object; answer?: ApiAnswer }) {
  const fetch = vi.fn<typeof globalThis.fetch>((input, init) => {
    const url = input as string;
    const answered = options.answer?.(url, init);
    if (answered) return Promise.resolve(answered);
    if (url === '/api/user') return Promise.resolve(json(options.user ?? companyAdmin()));
    if (url === '/api/company') return Promise.resolve(json(options.company ?? sessionCompany()));
    if (url === '/api/locales') return Promise.resolve(json({ data: [] }));
    return Promise.resolve(notFound());
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The calls a `stubApi` fetch got, in order: URL, method, bearer token and JSON body. */
export function apiCalls(fetch: ReturnType<typeof stubApi>) {
  return fetch.mock.calls.map(([input, init]) => ({
    url: input as string,
    method: init?.method ?? 'GET',
    token: new Headers(init?.headers).get('authorization'),
    body: init?.body ? (JSON.parse(init.body as string) as unknown) : undefined,
  }));
}

/**
 * The screen under test at `path` behind `permission`, inside the app shell with `layout`, and a
 * start page saying `home` at "/" (where the guard sends the unpermitted) when given.
 */
export function screenRoutes(screen: {
  path: string;
  permission: Permission | Permission[];
  Component: ComponentType;
  layout?: boolean;
  home?: string;
}): RouteObject[] {
  const routes: RouteObject[] = [
    {
      path: screen.path,
      loader: requireAuth({ permission: screen.permission }),
      Component: screen.Component,
    },
  ];
  if (screen.home !== undefined) {
    const home = screen.home;
    routes.push({
      path: '/',
      ...(screen.layout ? { loader: requireAuth() } : {}),
      Component: () => <p>{home}</p>,
    });
  }
  return screen.layout ? [{ Component: AppLayout, children: routes }] : routes;
}

/** Signs in with `token` and renders `routes` at `entry` inside the app's providers. */
export function renderRoutes(
  routes: RouteObject[],
  entry: string,
  options: { token?: string; notifications?: boolean } = {},
) {
  tokens.set(options.token ?? 'tok');
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  render(
    <AppProvider>
      {options.notifications && <Notifications />}
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

/** For afterEach: no stubbed fetch, no session, no cached queries left for the next test. */
export function resetApp() {
  vi.unstubAllGlobals();
  tokens.set(null);
  adminTokens.set(null);
  queryClient.clear();
}
