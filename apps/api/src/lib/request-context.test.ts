import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { requestIdMixin, runWithRequestId } from './request-context.ts';

/** A pino logger as the api and the worker build theirs, writing its JSON lines to an array. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ mixin: requestIdMixin }, stream), lines };
}

describe('requestIdMixin', () => {
  it('puts the current request id on every line, from any logger or child, across awaits', async () => {
    const { log, lines } = capturingLogger();
    const mailLog = log.child({ component: 'mail' });
    await runWithRequestId('aanvraag-7', async () => {
      log.info('sealing');
      await new Promise((resolve) => setTimeout(resolve, 5));
      mailLog.warn('mail refused');
    });
    log.info('outside');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((l) => [l.msg, l.requestId])).toEqual([
      ['sealing', 'aanvraag-7'],
      ['mail refused', 'aanvraag-7'],
      ['outside', undefined],
    ]);
  });
});
