import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../lib/context.ts';

export function signRequestsRoutes(_app: FastifyInstance, _deps: Deps): void {}
