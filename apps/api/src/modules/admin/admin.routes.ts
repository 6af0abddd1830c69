import type { FastifyInstance } from 'fastify';
import { loginAsUserBody } from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { parseInput } from '../../lib/validate.ts';
import { loginAsUser } from './admin.service.ts';

export function adminRoutes(app: FastifyInstance, deps: Deps): void {
  app.post('/api/login-as-user', (request) =>
    loginAsUser(
      authedCtx(deps, request, 'adminLoginAsUser'),
      parseInput(loginAsUserBody, request.body).user,
    ),
  );
}
