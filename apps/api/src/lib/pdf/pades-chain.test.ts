import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dssOf, openssl, pdfSignature, pdfsig, qpdfCheck, tmpFile } from '../../../test/pades.ts';
import { generateSelfSignedP12, loadP12, type SigningIdentity } from '../pki/p12.ts';
import type { RevocationWarning } from '../pki/revocation.ts';
import { answerTimestampRequest } from '../pki/tsa-server.ts';
import { signPdfDocument } from './sign.ts';

/**
 * A seal certificate issued by a CA that publishes an OCSP responder and a CRL (made with the
 * openssl command line, answered by `openssl ocsp` and `openssl ca -gencrl`), as a customer's
 * configured PKCS#12 would be: the DSS must carry the chain, the OCSP answer and the CRL.
 */
describe('PAdES B-LT with a CA-issued seal certificate', () => {
  let dir: string;
  let server: http.Server;
  let base: string;
  let identity: SigningIdentity;
  let tsa: SigningIdentity;
  const requests: string[] = [];

  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraaf-ca-'));
    tsa = loadP12(generateSelfSignedP12('x', 'tsa'), 'x');
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        requests.push(`${req.method} ${req.url}`);
        try {
          answer(req.url ?? '', Buffer.concat(chunks), res);
        } catch {
          res.statusCode = 500; // the responder broke: an answer that is no OCSP answer or CRL
          res.end();
        }
      });
    });
    const answer = (url: string, body: Buffer, res: http.ServerResponse) => {
      if (url === '/tsa') {
        res.setHeader('content-type', 'application/timestamp-reply');
        return res.end(answerTimestampRequest(tsa, body));
      }
      if (url === '/ocsp') {
        fs.writeFileSync(path.join(dir, 'req.der'), body);
        run([
          'ocsp',
          '-index',
          'index.txt',
          '-rsigner',
          'ca.pem',
          '-rkey',
          'ca.key',
          '-CA',
          'ca.pem',
          '-reqin',
          'req.der',
          '-respout',
          'resp.der',
          '-ndays',
          '1',
        ]);
        res.setHeader('content-type', 'application/ocsp-response');
        return res.end(fs.readFileSync(path.join(dir, 'resp.der')));
      }
      if (url === '/ca.crl') return res.end(fs.readFileSync(path.join(dir, 'ca.crl')));
      res.statusCode = 404;
      res.end();
    };
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

    fs.writeFileSync(path.join(dir, 'index.txt'), '');
    fs.writeFileSync(path.join(dir, 'crlnumber'), '01\n');
    fs.writeFileSync(
      path.join(dir, 'ca.cnf'),
      [
        '[ca]',
        'default_ca = paraaf',
        '[paraaf]',
        `dir = ${dir}`,
        'database = $dir/index.txt',
        'new_certs_dir = $dir',
        'certificate = $dir/ca.pem',
        'private_key = $dir/ca.key',
        'crlnumber = $dir/crlnumber',
        'serial = $dir/serial',
        'default_md = sha256',
        'default_days = 365',
        'default_crl_days = 7',
        'policy = anything',
        'copy_extensions = none',
        '[anything]',
        'commonName = supplied',
        'organizationName = optional',
        '[seal]',
        'basicConstraints = CA:FALSE',
        'keyUsage = critical, digitalSignature, nonRepudiation',
        `authorityInfoAccess = OCSP;URI:${base}/ocsp`,
        `crlDistributionPoints = URI:${base}/ca.crl`,
        '',
      ].join('\n'),
    );
    fs.writeFileSync(path.join(dir, 'serial'), '1000\n');
    run([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '365',
      '-subj',
      '/CN=Test CA Paraaf/O=Test',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign,digitalSignature',
    ]);
    run([
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'seal.key',
      '-out',
      'seal.csr',
      '-subj',
      '/CN=Voorbeeld BV seal/O=Voorbeeld BV',
    ]);
    run([
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      '-extensions',
      'seal',
      '-in',
      'seal.csr',
      '-out',
      'seal.pem',
      '-notext',
    ]);
    run(['ca', '-config', 'ca.cnf', '-gencrl', '-out', 'ca.crl.pem']);
    run(['crl', '-in', 'ca.crl.pem', '-outform', 'DER', '-out', 'ca.crl']);
    // The PKCS#12 as OpenSSL 3 writes it by default (PBES2, AES-256, SHA-256 MAC), with the CA.
    run([
      'pkcs12',
      '-export',
      '-inkey',
      'seal.key',
      '-in',
      'seal.pem',
      '-certfile',
      'ca.pem',
      '-passout',
      'pass:geheim',
      '-out',
      'seal.p12',
    ]);
    identity = loadP12(fs.readFileSync(path.join(dir, 'seal.p12')), 'geheim');
  }, 60_000);

  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function seal(onWarning?: (w: RevocationWarning) => void): Promise<Buffer> {
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Overeenkomst', { x: 50, y: 700 });
    return signPdfDocument(doc, identity, { tsaUrl: `${base}/tsa`, onWarning });
  }

  it('loads the chain from the PKCS#12: the seal certificate, then its CA', () => {
    expect(identity.name).toBe('Voorbeeld BV seal');
    expect(identity.chain).toHaveLength(2);
    const pem = (file: string) => fs.readFileSync(path.join(dir, file), 'latin1');
    const toDer = (p: string) =>
      Buffer.from(p.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
    expect(identity.chain[0]!.equals(toDer(pem('seal.pem')))).toBe(true);
    expect(identity.chain[1]!.equals(toDer(pem('ca.pem')))).toBe(true);
  });

  it('puts the chain, the OCSP answer and the CRL into the DSS; the signature stays valid', async () => {
    const warnings: RevocationWarning[] = [];
    requests.length = 0;
    const sealed = await seal((w) => warnings.push(w));
    expect(warnings).toEqual([]);
    expect(requests).toEqual(['POST /tsa', 'POST /ocsp', 'GET /ca.crl']);

    const out = pdfsig(sealed);
    expect(out).toContain('Signature Validation: Signature is Valid.');
    expect(out).toContain('Voorbeeld BV seal');
    const sig = pdfSignature(sealed);
    const [, b, c, d] = sig.byteRange;
    expect(out).toContain(`Signed Ranges: [0 - ${b}], [${c} - ${c + d}]`);
    expect(sealed.toString('latin1', c + d)).toContain('/Type /DSS');
    expect(qpdfCheck(sealed)).toContain('No syntax or stream encoding errors');

    const dss = (await dssOf(sealed))!;
    expect(dss.certs.length).toBe(3); // seal, CA, TSA
    for (const cert of [...identity.chain, tsa.chain[0]!]) {
      expect(dss.certs.some((x) => x.equals(cert))).toBe(true);
    }
    expect(dss.ocsps).toHaveLength(1);
    const ocspText = openssl([
      'ocsp',
      '-respin',
      tmpFile(dss.ocsps[0]!, 'resp.der'),
      '-resp_text',
      '-noverify',
    ]);
    expect(ocspText).toContain('OCSP Response Status: successful');
    expect(ocspText).toContain('Cert Status: good');
    expect(dss.crls).toHaveLength(1);
    expect(dss.crls[0]!.equals(fs.readFileSync(path.join(dir, 'ca.crl')))).toBe(true);
    expect(Object.values(dss.vri)).toEqual([{ certs: 3, ocsps: 1, crls: 1 }]);

    // The CMS carries the chain, so a verifier can build it from the signature alone.
    const printed = openssl([
      'cms',
      '-cmsout',
      '-print',
      '-inform',
      'DER',
      '-in',
      tmpFile(sig.cms, 's.p7s'),
      '-noout',
    ]);
    expect(printed).toContain('CN=Test CA Paraaf');

    const changed = Buffer.from(sealed);
    changed[b - 40] = changed[b - 40]! ^ 0x01;
    expect(pdfsig(changed)).not.toContain('Signature is Valid.');
  });

  it('seals without revocation data (and says so) when the responder and CRL are unreachable', async () => {
    const warnings: RevocationWarning[] = [];
    const saved = fs.readFileSync(path.join(dir, 'ca.crl'));
    fs.rmSync(path.join(dir, 'ca.crl'));
    fs.writeFileSync(path.join(dir, 'index.txt'), 'geen index\n'); // openssl ocsp fails
    try {
      const sealed = await seal((w) => warnings.push(w));
      expect(pdfsig(sealed)).toContain('Signature is Valid.');
      const dss = (await dssOf(sealed))!;
      expect(dss.certs).toHaveLength(3);
      expect(dss.ocsps).toEqual([]);
      expect(dss.crls).toEqual([]);
      expect(warnings.map((w) => w.url).sort()).toEqual([`${base}/ca.crl`, `${base}/ocsp`]);
    } finally {
      fs.writeFileSync(path.join(dir, 'ca.crl'), saved);
    }
  });
});
