import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isAllowedAddress, WebhookUrlError, type Resolver } from './ssrf.ts';

/** A resolver that answers from a table, as a hostile DNS server could. */
const table: Record<string, string[]> = {
  'public.example': ['93.184.215.14'],
  'rebind.example': ['127.0.0.1'],
  'mixed.example': ['93.184.215.14', '10.0.0.7'],
  'metadata.example': ['169.254.169.254'],
  'v6local.example': ['fd12:3456::1'],
  'xn--bcher-kva.example': ['192.168.1.1'],
};
const resolver: Resolver = (host) => {
  const found = table[host];
  if (!found) return Promise.reject(new Error(`getaddrinfo ENOTFOUND ${host}`));
  return Promise.resolve(
    found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as const),
  );
};
const strict = { allowLoopback: false, resolver };

async function problemOf(url: string, options = strict): Promise<string | null> {
  try {
    await checkWebhookUrl(url, options);
    return null;
  } catch (error) {
    if (error instanceof WebhookUrlError) return error.problem;
    throw error;
  }
}

describe('webhook SSRF guard', () => {
  const refusedAsPrivate = [
    'https://127.0.0.1/hook',
    'https://127.1/hook', // short form
    'https://2130706433/hook', // decimal
    'https://0177.0.0.1/hook', // octal
    'https://0x7f.1/hook', // hex
    'https://0x7f000001/hook',
    'https://[::1]/hook',
    'https://[::]/hook',
    'https://[::ffff:127.0.0.1]/hook', // IPv4-mapped
    'https://[::ffff:7f00:1]/hook',
    'https://[64:ff9b::7f00:1]/hook', // NAT64
    'https://[2002:7f00:1::]/hook', // 6to4 around 127.0.0.1
    'https://0.0.0.0/hook',
    'https://10.1.2.3/hook',
    'https://172.16.0.1/hook',
    'https://192.168.0.1/hook',
    'https://169.254.169.254/latest/meta-data', // cloud metadata
    'https://100.64.0.1/hook', // CGNAT
    'https://224.0.0.1/hook', // multicast
    'https://255.255.255.255/hook', // broadcast
    'https://240.0.0.1/hook', // reserved
    'https://[fe80::1]/hook', // link-local
    'https://[fc00::1]/hook', // unique-local
    'https://[ff02::1]/hook', // IPv6 multicast
    'https://127.0.0.1./hook', // trailing dot
    'https://rebind.example/hook', // DNS answers loopback
    'https://rebind.example./hook',
    'https://mixed.example/hook', // one private address among public ones
    'https://metadata.example/hook',
    'https://v6local.example/hook',
    'https://bücher.example/hook', // IDN, resolved by its punycode name
  ];
  for (const url of refusedAsPrivate) {
    it(`refuses ${url}`, async () => {
      expect(await problemOf(url)).toBe('urlPrivate');
    });
  }

  it('refuses userinfo, whichever side of the @ names the host', async () => {
    expect(await problemOf('https://public.example@127.0.0.1/hook')).toBe('urlCredentials');
    expect(await problemOf('https://evil:pw@public.example/hook')).toBe('urlCredentials');
  });

  it('refuses other schemes and plain http without the test setting', async () => {
    expect(await problemOf('http://public.example/hook')).toBe('urlHttps');
    expect(await problemOf('ftp://public.example/hook')).toBe('urlInvalid');
    expect(await problemOf('file:///etc/passwd')).toBe('urlInvalid');
    expect(await problemOf('javascript:alert(1)')).toBe('urlInvalid');
    expect(await problemOf('niet een url')).toBe('urlInvalid');
  });

  it('refuses a host that does not resolve', async () => {
    expect(await problemOf('https://nowhere.example/hook')).toBe('urlUnresolvable');
  });

  it('accepts a public https URL and names the checked address', async () => {
    const { url, target } = await checkWebhookUrl('https://public.example/hook?x=1', strict);
    expect(url.href).toBe('https://public.example/hook?x=1');
    expect(target).toEqual({ address: '93.184.215.14', family: 4 });
    expect(await problemOf('https://[2a00:1450:4001::1]/hook')).toBeNull();
  });

  it('with WEBHOOKS_ALLOW_LOOPBACK: plain http and loopback, still no private ranges', async () => {
    const loose = { allowLoopback: true, resolver };
    expect(await problemOf('http://127.0.0.1:8080/hook', loose)).toBeNull();
    expect(await problemOf('http://[::1]:8080/hook', loose)).toBeNull();
    expect(await problemOf('http://rebind.example/hook', loose)).toBeNull();
    expect(await problemOf('http://10.0.0.1/hook', loose)).toBe('urlPrivate');
    expect(await problemOf('http://169.254.169.254/hook', loose)).toBe('urlPrivate');
  });

  /**
   * IPv6 forms that carry an IPv4 address, judged by that address; [address, allowed]. The
   * global IPv4 address used is 8.8.8.8 (0808:0808; Teredo's client inverted: f7f7:f7f7).
   */
  const embedding: [string, boolean][] = [
    // IPv4-compatible ::/96 (the WHATWG parser writes [::127.0.0.1] as [::7f00:1])
    ['::127.0.0.1', false],
    ['::7f00:1', false],
    ['::a9fe:a9fe', false], // 169.254.169.254, cloud metadata
    ['::10.0.0.1', false],
    ['::a00:1', false],
    ['::c0a8:101', false], // 192.168.1.1
    ['::6440:1', false], // 100.64.0.1, CGNAT
    ['::0.0.0.2', false],
    ['::808:808', true],
    // IPv4-mapped ::ffff:0:0/96 and IPv4-translated ::ffff:0:0:0/96
    ['::ffff:127.0.0.1', false],
    ['::ffff:a9fe:a9fe', false],
    ['::ffff:8.8.8.8', true],
    ['::ffff:0:7f00:1', false],
    ['::ffff:0:a00:1', false],
    ['::ffff:0:808:808', true],
    // NAT64, the well-known prefix 64:ff9b::/96
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::a9fe:a9fe', false],
    ['64:ff9b::10.0.0.1', false],
    ['64:ff9b::808:808', true],
    // NAT64, the local-use prefix 64:ff9b:1::/48: never globally reachable
    ['64:ff9b:1::7f00:1', false],
    ['64:ff9b:1::808:808', false],
    // 6to4 2002::/16: the IPv4 address follows the prefix
    ['2002:7f00:1::', false],
    ['2002:a9fe:a9fe::1', false],
    ['2002:a00:1:1::1', false],
    ['2002:808:808::1', true],
    // Teredo 2001::/32: server in bits 32-63, client in the last 32 bits inverted
    ['2001:0:808:808::80ff:fffe', false], // client 127.0.0.1
    ['2001:0:808:808::5601:5601', false], // client 169.254.169.254
    ['2001:0:808:808::f5ff:fffe', false], // client 10.0.0.1
    ['2001:0:a00:1::f7f7:f7f7', false], // server 10.0.0.1
    ['2001:0:808:808::f7f7:f7f7', true],
    // Not embedding: plain IPv6 must be global unicast (2000::/3, no special range)
    ['2a00:1450:4001::1', true],
    ['::1', false],
    ['::', false],
    ['2001:db8::1', false], // documentation
    ['100::1', false], // discard
    ['fe80::1', false],
    ['fd00::1', false],
    ['ff02::1', false],
    ['4000::1', false], // outside 2000::/3
  ];
  for (const [address, allowed] of embedding) {
    it(`${allowed ? 'accepts' : 'refuses'} [${address}] as a literal and as a DNS answer`, async () => {
      expect(isAllowedAddress(address, false)).toBe(allowed);
      // The WHATWG URL parser's spelling of the literal, as saved and as delivered.
      expect(await problemOf(`https://[${address}]/hook`)).toBe(allowed ? null : 'urlPrivate');
      // And the same address as a DNS answer.
      table['aaaa.example'] = [address];
      expect(await problemOf('https://aaaa.example/hook')).toBe(allowed ? null : 'urlPrivate');
    });
  }

  it('WEBHOOKS_ALLOW_LOOPBACK opens loopback, not loopback carried in another form', () => {
    expect(isAllowedAddress('::1', true)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('::7f00:1', true)).toBe(false);
    expect(isAllowedAddress('64:ff9b::7f00:1', true)).toBe(false);
    expect(isAllowedAddress('2002:7f00:1::', true)).toBe(false);
  });

  it('unmaps IPv4-mapped addresses before judging them', () => {
    expect(isAllowedAddress('::ffff:8.8.8.8', false)).toBe(true);
    expect(isAllowedAddress('::ffff:10.0.0.1', false)).toBe(false);
    expect(isAllowedAddress('not an address', false)).toBe(false);
  });
});
