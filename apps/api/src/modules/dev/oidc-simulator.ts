import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ssoSimulatorClient, ssoSimulatorPrefix, type Config } from '../../config/env.ts';

/**
 * The built-in OpenID provider for trying single sign-on with `npm start` (SSO_SIMULATOR, on by
 * default; loopback clients only, lib/simulator-access.ts): oidc-provider, the certified provider
 * the tests also use, mounted under /dev/oidc with one client (`paraaf-simulator`, secret
 * `paraaf-simulator-geheim`) whose redirect is our callback. Its login page accepts any address
 * (no password is checked): that address is who you are. Its grants and keys live in this
 * process (oidc-provider's development adapter): a simulator, never for production.
 */
export function oidcSimulatorRoutes(app: FastifyInstance, config: Config): void {
  void app.register((scope, _options, done) => {
    mountProvider(scope, config);
    done();
  });
}

type Handler = (req: IncomingMessage, res: import('node:http').ServerResponse) => unknown;

/**
 * The provider, made on the first request to it: loading oidc-provider prints its development
 * warnings, which a process that never uses the simulator need not show.
 */
async function createHandler(config: Config): Promise<Handler> {
  const { default: Provider } = await import('oidc-provider');
  const issuer = `${config.appUrl}${ssoSimulatorPrefix}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: ssoSimulatorClient.clientId,
        client_secret: ssoSimulatorClient.clientSecret,
        redirect_uris: [`${config.appUrl}/api/auth/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['paraaf-oidc-simulator'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: sub.toLowerCase(),
        email_verified: true,
        name: sub.split('@')[0]!.replace(/[._-]+/g, ' '),
      }),
    }),
  });
  return provider.callback();
}

function mountProvider(scope: FastifyInstance, config: Config): void {
  let handler: Promise<Handler> | undefined;
  // oidc-provider reads its own bodies (login form, token request): leave the stream alone.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, next) => next(null));
  const mount = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = raw.url!.slice(ssoSimulatorPrefix.length) || '/';
    handler ??= createHandler(config);
    handler.then(
      (handle) => handle(raw, reply.raw),
      () => reply.raw.writeHead(503).end('De test-identiteitsprovider kon niet starten.'),
    );
  };
  scope.all(ssoSimulatorPrefix, mount);
  scope.all(`${ssoSimulatorPrefix}/*`, mount);
}
