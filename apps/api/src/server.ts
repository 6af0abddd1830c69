import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { chooseLogFormat, prettyLogStream } from './lib/log-output.ts';

/** Entry point: listens, and on SIGTERM finishes requests, drains jobs and closes the database. */
const config = loadConfig();
const format = chooseLogFormat(config.logFormat, process.stdout.isTTY === true);
const app = await buildApp(config, {
  logStream: format === 'pretty' ? prettyLogStream(process.stdout) : undefined,
});
await app.listen({ port: config.port, host: config.host });
app.log.info(`Paraaf draait op ${config.appUrl}`);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
