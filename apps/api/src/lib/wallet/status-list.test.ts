import { beforeAll, describe, expect, it } from 'vitest';
import { generateEcCertificate } from '../pki/ec-certificate.ts';
import { assertMsoStatusValid } from './status-list.ts';
import {
  issueStatusList,
  REVOKED_INDEX,
  testIssuerAnchor,
  type TestIssuer,
} from './test-issuer.ts';

const URI = 'https://uitgever.test/status/1';

async function makeIssuer(name: string): Promise<TestIssuer> {
  const ca = await generateEcCertificate({ commonName: `${name} CA`, isCa: true });
  return { signer: await generateEcCertificate({ commonName: name, issuer: ca }) };
}

describe("an mdoc's status list reference", () => {
  let issuer: TestIssuer;
  let stranger: TestIssuer;
  beforeAll(async () => {
    issuer = await makeIssuer('Test PID-uitgever');
    stranger = await makeIssuer('Onbekende uitgever');
  });

  const check = (listFrom: TestIssuer, listUri = URI) => ({
    trustList: [new Uint8Array(testIssuerAnchor(issuer))],
    now: new Date(),
    fetchStatusList: (uri: string) => {
      expect(uri).toBe(URI);
      return issueStatusList(listFrom, listUri, new Date());
    },
  });
  const reference = (idx: number) =>
    new Map([
      [
        'status_list',
        new Map<string, unknown>([
          ['idx', idx],
          ['uri', URI],
        ]),
      ],
    ]);

  it('accepts a valid entry and an MSO without status', async () => {
    await expect(assertMsoStatusValid(reference(0), check(issuer))).resolves.toBeUndefined();
    await expect(assertMsoStatusValid(undefined, check(issuer))).resolves.toBeUndefined();
  });

  it('refuses a revoked entry', async () => {
    await expect(
      assertMsoStatusValid(reference(REVOKED_INDEX), check(issuer)),
    ).rejects.toMatchObject({
      failure: 'revoked',
    });
  });

  it('refuses a status list signed outside the trust list, or about another list', async () => {
    await expect(assertMsoStatusValid(reference(0), check(stranger))).rejects.toMatchObject({
      failure: 'untrusted',
    });
    await expect(
      assertMsoStatusValid(reference(0), check(issuer, 'https://uitgever.test/status/2')),
    ).rejects.toMatchObject({ failure: 'invalid' });
    await expect(
      assertMsoStatusValid(new Map([['status_list', 'x']]), check(issuer)),
    ).rejects.toMatchObject({
      failure: 'invalid',
    });
  });
});
