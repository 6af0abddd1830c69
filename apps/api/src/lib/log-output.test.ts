import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { loadConfig } from '../config/env.ts';
import { chooseLogFormat, formatLogLine, prettyLogStream } from './log-output.ts';

const line = (entry: Record<string, unknown>) =>
  `${JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 5, 13, 4, 5), pid: 1, hostname: 'vm', ...entry })}\n`;

describe('chooseLogFormat', () => {
  it('is pretty on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(chooseLogFormat(null, true)).toBe('pretty');
    expect(chooseLogFormat(null, false)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
    expect(loadConfig({}).logFormat).toBeNull();
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'kleurig' })).toThrow();
  });
});

describe('formatLogLine', () => {
  it('writes the address line as one readable line', () => {
    const text = formatLogLine(line({ msg: 'Paraaf draait op http://localhost:3000' }));
    expect(text).toMatch(/^\d{2}:\d{2}:\d{2} Paraaf draait op http:\/\/localhost:3000\n$/);
  });

  it('leaves out the lines of every request and job and Fastify’s listen lines', () => {
    for (const msg of [
      'incoming request',
      'request completed',
      'job started',
      'job completed',
      'job workers started',
      'Server listening at http://127.0.0.1:3000',
    ]) {
      expect(formatLogLine(line({ msg, reqId: 'x', job: 'send-mail' })), msg).toBeNull();
    }
  });

  it('marks warnings and errors and keeps their details', () => {
    expect(
      formatLogLine(line({ level: 40, msg: 'simulators active', simulated: ['iDIN'] })),
    ).toMatch(/^\d{2}:\d{2}:\d{2} LET OP simulators active \(simulated=\["iDIN"\]\)\n$/);
    const error = line({
      level: 50,
      msg: 'unhandled error',
      err: { message: 'kapot' },
      reqId: 'r',
    });
    expect(formatLogLine(error)).toMatch(/ FOUT unhandled error \(kapot\)\n$/);
    // A request's own warning is kept, even though it is about a request.
    expect(formatLogLine(line({ level: 40, msg: 'request completed' }))).toContain('LET OP');
  });

  it('passes a line that is no JSON through', () => {
    expect(formatLogLine('gewone tekst')).toBe('gewone tekst\n');
  });
});

describe('the app logging to a terminal', () => {
  it('writes readable lines only: no JSON, no request lines', async () => {
    let written = '';
    const t = await createTestApp(
      { logLevel: 'info' },
      { logStream: prettyLogStream({ write: (text: string) => (written += text) }) },
    );
    try {
      expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      t.app.log.info(`Paraaf draait op ${t.config.appUrl}`);
    } finally {
      await t.close();
    }
    const lines = written.trimEnd().split('\n');
    expect(lines).toContainEqual(
      expect.stringMatching(/^\d{2}:\d{2}:\d{2} Paraaf draait op http:\/\/paraaf\.test$/),
    );
    expect(written).not.toContain('{');
    expect(written).not.toContain('incoming request');
    expect(written).not.toContain('Server listening');
  });
});
