import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../lib/context.ts';

export function emailTemplatesRoutes(_app: FastifyInstance, _deps: Deps): void {}
