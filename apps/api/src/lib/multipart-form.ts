import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { messages, signingMessages } from '@paraaf/contract';
import { ValidationError } from './errors.ts';
import { decodeFormKeys, FormKeyError, splitFormKey, type FormValue } from './form-keys.ts';
import { claimForParts } from './idempotency.ts';

export interface Upload {
  /** The file part (named `file` unless the caller names another), if any. */
  file: { bytes: Buffer; filename: string } | null;
  /** Every other (text) part by its raw name, e.g. `variables[0][x]`. */
  fields: Record<string, string>;
}

/**
 * Reads a multipart body whole (the file is capped at 25 MB by the plugin's limits). Limit
 * breaches and malformed bodies are a 422, never a 413 or 500. The parts as read (names, values,
 * each file's name and SHA-256) make the request's Idempotency-Key digest: the key is claimed
 * once they are known, so another upload under the same key is refused.
 */
export async function readUpload(request: FastifyRequest, fileField = 'file'): Promise<Upload> {
  if (!request.isMultipart()) throw ValidationError.field(fileField, messages.required);
  const upload: Upload = { file: null, fields: Object.create(null) as Record<string, string> };
  const parts = createHash('sha256');
  // Length-prefixed, so no name or value can run into the next one.
  const digest = (...values: string[]) => {
    for (const value of values) parts.update(`${Buffer.byteLength(value)}:${value}`);
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        digest(
          'file',
          part.fieldname,
          part.filename,
          createHash('sha256').update(bytes).digest('hex'),
        );
        if (part.fieldname === fileField && !upload.file) {
          upload.file = { bytes, filename: part.filename };
        }
      } else if (typeof part.value === 'string') {
        digest('field', part.fieldname, part.value);
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw ValidationError.field(fileField, signingMessages.fileTooLarge);
    }
    if (code === 'FST_FILES_LIMIT') throw ValidationError.field(fileField, messages.max);
    if (typeof code === 'string' && code.startsWith('FST_')) {
      throw new ValidationError({}, messages.invalidInput);
    }
    // A body that breaks off or is not valid multipart.
    if (error instanceof Error && !(error instanceof ValidationError)) {
      throw new ValidationError({}, messages.invalidInput);
    }
    throw error;
  }
  await claimForParts(request, parts.digest('hex'));
  return upload;
}

/** The uploaded file of a form that needs one: 422 on `file` when it is missing or empty. */
export function requireFile(upload: Upload): { bytes: Buffer; filename: string } {
  if (!upload.file || upload.file.bytes.length === 0) {
    // An empty part is no file of an accepted type.
    if (upload.file) throw ValidationError.field('file', signingMessages.fileType);
    throw ValidationError.field('file', messages.required);
  }
  return upload.file;
}

/**
 * The text parts decoded into nested values (`address[street]`, `signers[0][email]`): a key that
 * cannot be decoded, or a value with a NUL (PostgreSQL text cannot hold it), is a 422 on its field.
 */
export function decodeForm(fields: Record<string, string>): Record<string, FormValue> {
  for (const [key, value] of Object.entries(fields)) {
    // PostgreSQL text and jsonb cannot hold NUL: refuse it here rather than fail the insert.
    if (value.includes('\u0000')) {
      throw ValidationError.field((splitFormKey(key) ?? [key]).join('.'), messages.invalidInput);
    }
  }
  try {
    return decodeFormKeys(fields);
  } catch (error) {
    if (!(error instanceof FormKeyError)) throw error;
    const key = (splitFormKey(error.key) ?? [error.key]).join('.');
    throw ValidationError.field(key, messages.invalidInput);
  }
}
