import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Session } from '@paraaf/contract';
import { createTestApp, registerCompany, type TestApp } from '../../../test/app.ts';
import {
  createMember,
  createUser,
  errorsOf,
  login,
  sessionsOf,
  userRow,
  whoAmI,
} from '../../../test/factories.ts';

describe('DELETE /api/users/{id}', () => {
  let t: TestApp;
  let admin: Session;
  let stranger: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await registerCompany(t);
    stranger = await registerCompany(t);
  });
  afterAll(() => t.close());

  const remove = (token: string | undefined, id: number | string) =>
    t.request({ method: 'DELETE', url: `/api/users/${id}`, token });

  it('needs a session', async () => {
    expect((await remove(undefined, stranger.user.id)).statusCode).toBe(401);
  });

  it("answers 404 for another company's user and keeps it", async () => {
    const res = await remove(admin.token, stranger.user.id);
    expect(res.statusCode).toBe(404);
    expect(await userRow(t, stranger.user.id)).toBeDefined();
    expect((await whoAmI(t, stranger.token)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and for an id that names no row', async () => {
    expect((await remove(admin.token, 999999)).statusCode).toBe(404);
    expect((await remove(admin.token, 'abc')).statusCode).toBe(404);
  });

  it('is forbidden for the viewer and user roles', async () => {
    const target = await createUser(t, stranger.user.company.id);
    for (const role of ['viewer', 'user'] as const) {
      const member = await createMember(t, stranger.user.company.id, role);
      expect((await remove(member.token, target.id)).statusCode).toBe(403);
      await remove(stranger.token, member.user.id);
    }
    expect(await userRow(t, target.id)).toBeDefined();
  });

  it('does not let a user delete itself', async () => {
    const res = await remove(admin.token, admin.user.id);
    expect(res.statusCode).toBe(422);
    expect(Object.values(errorsOf(res)).flat()).toEqual([messages.cannotDeleteSelf]);
    expect(await userRow(t, admin.user.id)).toBeDefined();
  });

  it('deletes a colleague, whose session stops working', async () => {
    const colleague = await createUser(t, admin.user.company.id);
    const session = await login(t, colleague.email);
    expect((await whoAmI(t, session.token)).statusCode).toBe(200);

    const res = await remove(admin.token, colleague.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await userRow(t, colleague.id)).toBeUndefined();
    expect(await sessionsOf(t, colleague.id)).toEqual([]);
    expect((await whoAmI(t, session.token)).statusCode).toBe(401);
    expect((await remove(admin.token, colleague.id)).statusCode).toBe(404);
    await expect(login(t, colleague.email)).rejects.toThrow(/422/);
  });
});
