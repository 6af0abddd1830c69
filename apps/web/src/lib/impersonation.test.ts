import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminTokens, tokens } from './api-client';
import { endImpersonation, resumeOwnSession, startImpersonation } from './auth';
import { queryClient } from './query-client';

afterEach(() => {
  vi.unstubAllGlobals();
  tokens.set(null);
  adminTokens.set(null);
  queryClient.clear();
});

const user = { id: 5, name: 'Jeroen' } as Parameters<typeof startImpersonation>[0]['user'];

describe('impersonation in the browser', () => {
  it("keeps the admin's token aside and resumes it when the impersonation ends", () => {
    tokens.set('admin-token');
    queryClient.setQueryData(['all-users'], { data: [] });
    startImpersonation({ user, token: 'user-token' });
    expect(tokens.get()).toBe('user-token');
    expect(adminTokens.get()).toBe('admin-token');
    expect(window.localStorage.getItem('paraaf.adminToken')).toBe('admin-token');
    // The admin's cached lists are not the user's.
    expect(queryClient.getQueryData(['all-users'])).toBeUndefined();

    expect(resumeOwnSession()).toBe(true);
    expect(tokens.get()).toBe('admin-token');
    expect(adminTokens.get()).toBeNull();
    // Without a kept session there is nothing to resume (a plain 401 logs out).
    expect(resumeOwnSession()).toBe(false);
    expect(tokens.get()).toBe('admin-token');
  });

  it("going back lands on the admin's own session even when a call of the ended session answered 401 meanwhile", async () => {
    tokens.set('admin-token');
    startImpersonation({ user, token: 'user-token' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        // A list of the user's, refused once the logout is through: the 401 handler resumes.
        resumeOwnSession();
        return Promise.resolve(new Response(null, { status: 204 }));
      }),
    );
    expect(await endImpersonation()).toBe(true);
    expect(tokens.get()).toBe('admin-token');
  });

  it('going back without a kept session ends the impersonation and logs out', async () => {
    const fetch = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/user')
          ? Response.json({ ...user, impersonated_by: 1 })
          : new Response(null, { status: 204 }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    tokens.set('user-token');
    expect(await endImpersonation()).toBe(false);
    expect(tokens.get()).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/user', '/api/auth/logout']);
  });

  it("a click on going back after a 401 resumed the admin's own session keeps that session", async () => {
    tokens.set('admin-token');
    startImpersonation({ user, token: 'user-token' });
    // A call of the ended impersonation answered 401 before the click: the handler resumed.
    resumeOwnSession();
    const fetch = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/user')
          ? Response.json({ ...user, impersonated_by: null })
          : new Response(null, { status: 204 }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    expect(await endImpersonation()).toBe(true);
    expect(tokens.get()).toBe('admin-token');
    // The admin's own session is not logged out.
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/user']);
  });
});
