import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { messages } from '@paraaf/contract';
import { NotFoundError } from '../errors.ts';
import { isMissingKey, type ByteRange, type Storage } from './storage.ts';

/**
 * Answers with a stored file as a stream (never whole in memory), its Content-Length, and
 * `Accept-Ranges: bytes`: a `Range: bytes=…` request (pdf.js asks for the first page's bytes
 * first) gets 206 with that range, an unsatisfiable one 416, several ranges or a malformed
 * header the whole file (HTTP lets a server ignore a Range it does not serve). A missing file
 * is a 404. `headers` are the route's own (type, disposition, caching).
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  headers: Record<string, string>,
): Promise<FastifyReply> {
  const info = await storage.head(key);
  if (!info) throw new NotFoundError();
  reply.headers({ ...headers, 'accept-ranges': 'bytes' });
  let range: ByteRange | undefined;
  const asked = request.headers.range;
  if (asked) {
    const parsed = parseRange(info.size, asked, { combine: true });
    if (parsed === -1) {
      return reply
        .code(416)
        .header('content-range', `bytes */${info.size}`)
        .type('application/json')
        .send({ message: messages.invalidInput });
    }
    if (parsed !== -2 && parsed.type === 'bytes' && parsed.length === 1) range = parsed[0];
  }
  let stream;
  try {
    stream = await storage.getStream(key, range);
  } catch (error) {
    // Removed between head and read.
    if (isMissingKey(error)) throw new NotFoundError();
    throw error;
  }
  if (range) {
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  }
  return reply
    .header('content-length', String(range ? range.end - range.start + 1 : info.size))
    .send(stream);
}
