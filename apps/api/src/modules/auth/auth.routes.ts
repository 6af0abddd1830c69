import type { FastifyInstance } from 'fastify';
import {
  activateBody,
  loginBody,
  passwordChangeBody,
  passwordReminderBody,
  passwordResetBody,
  registerBody,
} from '@paraaf/contract';
import { authedCtx, ctxFrom, type Deps } from '../../lib/context.ts';
import { parseInput } from '../../lib/validate.ts';
import * as auth from './auth.service.ts';

const tokenParam = {
  type: 'object',
  properties: { token: { type: 'string', maxLength: 200 } },
  required: ['token'],
} as const;

export function authRoutes(app: FastifyInstance, deps: Deps): void {
  app.post('/api/auth/register', async (request, reply) => {
    const session = await auth.register(
      ctxFrom(deps, request),
      parseInput(registerBody, request.body),
    );
    return reply.code(201).send(session);
  });

  app.post('/api/auth/login', async (request, reply) => {
    const result = await auth.login(ctxFrom(deps, request), parseInput(loginBody, request.body));
    if (result.kind === 'two-factor')
      return reply.code(202).send({ two_factor_hash: result.two_factor_hash });
    return result.session;
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await auth.logout(authedCtx(deps, request));
    return reply.code(204).send();
  });

  app.get<{ Params: { token: string } }>(
    '/api/auth/activate/:token',
    { schema: { params: tokenParam } },
    (request) => auth.checkActivation(ctxFrom(deps, request), request.params.token),
  );

  app.post<{ Params: { token: string } }>(
    '/api/auth/activate/:token',
    { schema: { params: tokenParam } },
    (request) =>
      auth.activate(
        ctxFrom(deps, request),
        request.params.token,
        parseInput(activateBody, request.body),
      ),
  );

  app.post('/api/auth/password-reminder', async (request) => {
    await auth.requestPasswordReset(
      ctxFrom(deps, request),
      parseInput(passwordReminderBody, request.body),
    );
    return {
      message:
        'Er is een wachtwoord herstel email verstuurd, klik op de link in de mail om je wachtwoord te herstellen.',
    };
  });

  app.post<{ Params: { token: string } }>(
    '/api/auth/password-reset/:token',
    { schema: { params: tokenParam } },
    async (request) => {
      await auth.resetPassword(
        ctxFrom(deps, request),
        request.params.token,
        parseInput(passwordResetBody, request.body),
      );
      return { message: 'Je wachtwoord is ingesteld' };
    },
  );

  app.post('/api/user/password-change', async (request) => {
    const ctx = authedCtx(deps, request);
    await auth.changePassword(ctx, parseInput(passwordChangeBody, request.body));
    return { message: 'Je wachtwoord is gewijzigd' };
  });
}
