import type { FastifyInstance } from 'fastify';
import {
  activateBody,
  loginBody,
  passwordChangeBody,
  passwordReminderBody,
  passwordResetBody,
  registerBody,
  messageBodySchema,
  sessionSchema,
  twoFactorChallengeSchema,
} from '@paraaf/contract';
import { z } from 'zod';
import { authedCtx, ctxFrom, type Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { parseInput } from '../../lib/validate.ts';
import * as auth from './auth.service.ts';

/** The password of the documentation's examples. */
const examplePassword = 'Lente-wandeling-2026';

const tokenParam = {
  type: 'object',
  properties: { token: { type: 'string', maxLength: 200 } },
  required: ['token'],
} as const;

export function authRoutes(app: FastifyInstance, deps: Deps): void {
  const tags: ['Authenticatie'] = ['Authenticatie'];

  app.post(
    '/api/auth/register',
    {
      config: {
        openapi: doc({
          summary: 'Een bedrijf registreren met zijn eerste beheerder',
          tags,
          auth: 'public',
          body: registerBody,
          response: { 201: sessionSchema },
          errors: [429],
          example: {
            body: {
              company: 'Bakkerij Jansen B.V.',
              name: 'Sanne de Vries',
              email: 'sanne.devries@bakkerij-jansen.nl',
              phone: '0612345678',
              password: examplePassword,
              passwordconfirmation: examplePassword,
              terms: true,
            },
          },
        }),
      },
    },
    async (request, reply) => {
      const session = await auth.register(
        ctxFrom(deps, request),
        parseInput(registerBody, request.body),
      );
      return reply.code(201).send(session);
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: {
        openapi: doc({
          summary: 'Inloggen',
          description:
            'Met tweestapsverificatie aan: eerst 202 met `two_factor_hash` (de code gaat per e-mail), ' +
            'dan opnieuw met `two_factor_hash` en `two_factor_code`.',
          tags,
          auth: 'public',
          body: loginBody,
          response: { 200: sessionSchema, 202: twoFactorChallengeSchema },
          errors: [429],
          example: {
            body: { email: 'sanne.devries@bakkerij-jansen.nl', password: examplePassword },
          },
        }),
      },
    },
    async (request, reply) => {
      const result = await auth.login(ctxFrom(deps, request), parseInput(loginBody, request.body));
      if (result.kind === 'two-factor')
        return reply.code(202).send({ two_factor_hash: result.two_factor_hash });
      return result.session;
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: {
        openapi: doc({
          summary: 'Uitloggen: het token van dit verzoek vervalt',
          tags,
          response: { 204: null },
          example: {},
        }),
      },
    },
    async (request, reply) => {
      await auth.logout(authedCtx(deps, request));
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { token: string } }>(
    '/api/auth/activate/:token',
    {
      schema: { params: tokenParam },
      config: {
        openapi: doc({
          summary: 'Een uitnodiging controleren (de link uit de e-mail)',
          tags,
          auth: 'public',
          response: { 200: z.object({ email: z.string(), name: z.string() }) },
          errors: [404],
          example: { response: { email: 'pieter@bakkerij-jansen.nl', name: 'Pieter Bakker' } },
        }),
      },
    },
    (request) => auth.checkActivation(ctxFrom(deps, request), request.params.token),
  );

  app.post<{ Params: { token: string } }>(
    '/api/auth/activate/:token',
    {
      schema: { params: tokenParam },
      config: {
        openapi: doc({
          summary: 'Een uitnodiging aannemen: wachtwoord kiezen en inloggen',
          tags,
          auth: 'public',
          body: activateBody,
          response: { 200: sessionSchema },
          errors: [404, 429],
          example: { body: { password: examplePassword } },
        }),
      },
    },
    (request) =>
      auth.activate(
        ctxFrom(deps, request),
        request.params.token,
        parseInput(activateBody, request.body),
      ),
  );

  app.post(
    '/api/auth/password-reminder',
    {
      config: {
        openapi: doc({
          summary: 'Een link om het wachtwoord te herstellen aanvragen',
          description: 'Het antwoord is hetzelfde of het adres nu bestaat of niet.',
          tags,
          auth: 'public',
          body: passwordReminderBody,
          response: { 200: messageBodySchema },
          errors: [429],
          example: {
            body: { email: 'sanne.devries@bakkerij-jansen.nl' },
            response: {
              message:
                'Er is een wachtwoord herstel email verstuurd, klik op de link in de mail om je wachtwoord te herstellen.',
            },
          },
        }),
      },
    },
    async (request) => {
      await auth.requestPasswordReset(
        ctxFrom(deps, request),
        parseInput(passwordReminderBody, request.body),
      );
      return {
        message:
          'Er is een wachtwoord herstel email verstuurd, klik op de link in de mail om je wachtwoord te herstellen.',
      };
    },
  );

  app.post<{ Params: { token: string } }>(
    '/api/auth/password-reset/:token',
    {
      schema: { params: tokenParam },
      config: {
        openapi: doc({
          summary: 'Een nieuw wachtwoord instellen met de link uit de e-mail',
          tags,
          auth: 'public',
          body: passwordResetBody,
          response: { 200: messageBodySchema },
          errors: [429],
          example: {
            body: {
              email: 'sanne.devries@bakkerij-jansen.nl',
              password: examplePassword,
              password_confirmation: examplePassword,
            },
            response: { message: 'Je wachtwoord is ingesteld' },
          },
        }),
      },
    },
    async (request) => {
      await auth.resetPassword(
        ctxFrom(deps, request),
        request.params.token,
        parseInput(passwordResetBody, request.body),
      );
      return { message: 'Je wachtwoord is ingesteld' };
    },
  );

  app.post(
    '/api/user/password-change',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Het eigen wachtwoord wijzigen',
          tags: ['Account'],
          body: passwordChangeBody,
          response: { 200: messageBodySchema },
          errors: [403],
          example: {
            body: {
              oldpassword: examplePassword,
              password: 'Herfst-fietstocht-2026',
              password_confirmation: 'Herfst-fietstocht-2026',
            },
            response: { message: 'Je wachtwoord is gewijzigd' },
          },
        }),
      },
    },
    async (request) => {
      const ctx = authedCtx(deps, request);
      await auth.changePassword(ctx, parseInput(passwordChangeBody, request.body));
      return { message: 'Je wachtwoord is gewijzigd' };
    },
  );
}
