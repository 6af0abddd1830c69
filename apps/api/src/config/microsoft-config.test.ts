import { describe, expect, it } from 'vitest';
import { loadConfig, simulatedMicrosoftClient } from './env.ts';

describe('Microsoft 365 settings (MAIL_TRANSPORT, MS_*)', () => {
  it('without MS_CLIENT_ID: SMTP by default, the simulator under APP_URL/dev/microsoft', () => {
    const config = loadConfig({ APP_URL: 'https://paraaf.example/' });
    expect(config.mailTransport).toBe('smtp');
    expect(config.microsoft).toEqual({
      clientId: simulatedMicrosoftClient.clientId,
      clientSecret: simulatedMicrosoftClient.clientSecret,
      loginUrl: 'https://paraaf.example/dev/microsoft/login',
      graphUrl: 'https://paraaf.example/dev/microsoft/graph',
      simulated: true,
    });
  });

  it("with MS_CLIENT_ID: Microsoft's own endpoints, or the ones given", () => {
    const config = loadConfig({
      MAIL_TRANSPORT: 'graph',
      MS_CLIENT_ID: 'app-id',
      MS_CLIENT_SECRET: 'geheim',
    });
    expect(config.mailTransport).toBe('graph');
    expect(config.microsoft).toEqual({
      clientId: 'app-id',
      clientSecret: 'geheim',
      loginUrl: 'https://login.microsoftonline.com',
      graphUrl: 'https://graph.microsoft.com',
      simulated: false,
    });
    const sovereign = loadConfig({
      MS_CLIENT_ID: 'app-id',
      MS_CLIENT_SECRET: 'geheim',
      MS_LOGIN_URL: 'https://login.microsoftonline.us/',
      MS_GRAPH_URL: 'https://graph.microsoft.us',
    });
    expect(sovereign.microsoft.loginUrl).toBe('https://login.microsoftonline.us');
    expect(sovereign.microsoft.graphUrl).toBe('https://graph.microsoft.us');
  });

  it('refuses to start with a client id but no secret, or an unknown transport', () => {
    expect(() => loadConfig({ MS_CLIENT_ID: 'app-id' })).toThrow(
      'MS_CLIENT_ID needs MS_CLIENT_SECRET',
    );
    expect(() => loadConfig({ MAIL_TRANSPORT: 'sendgrid' })).toThrow();
  });
});
