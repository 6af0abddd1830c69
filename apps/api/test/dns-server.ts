import dgram from 'node:dgram';

/**
 * A tiny authoritative DNS server on a loopback UDP port answering TXT questions from a table
 * (for domain verification: DNS_SERVERS points at it). Any other question: NXDOMAIN.
 */
export interface TestDnsServer {
  /** `127.0.0.1:<port>`, the form DNS_SERVERS takes. */
  address: string;
  setTxt(name: string, records: string[]): void;
  close(): Promise<void>;
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const txt = new Map<string, string[]>();
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, peer) => {
    // Header (12 bytes), then the question: labels, type, class.
    let at = 12;
    const labels: string[] = [];
    while (query[at]! > 0) {
      labels.push(query.subarray(at + 1, at + 1 + query[at]!).toString('ascii'));
      at += query[at]! + 1;
    }
    const questionEnd = at + 5;
    const type = query.readUInt16BE(at + 1);
    const records = type === 16 ? txt.get(labels.join('.').toLowerCase()) : undefined;
    const answers = (records ?? []).map((record) => {
      const data = Buffer.from(record, 'utf8');
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      rr.writeUInt16BE(16, 2); // TXT
      rr.writeUInt16BE(1, 4); // IN
      rr.writeUInt32BE(60, 6);
      rr.writeUInt16BE(data.length + 1, 10);
      return Buffer.concat([rr, Buffer.from([data.length]), data]);
    });
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(records ? 0x8580 : 0x8583, 2); // answer, authoritative; else NXDOMAIN
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(
      Buffer.concat([header, query.subarray(12, questionEnd), ...answers]),
      peer.port,
      peer.address,
    );
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    setTxt: (name, records) => txt.set(name.toLowerCase(), records),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
