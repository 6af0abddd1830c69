import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

type Json = Record<string, unknown>;
export type Operation = Json & { responses: Record<string, Json> };
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Checks real answers against the OpenAPI document: finds the operation of a request's method
 * and path, and validates a JSON answer against the documented schema of its status with ajv
 * (JSON Schema 2020-12, the dialect of OpenAPI 3.1). The document is dereferenced first
 * (the shared error answers are `$ref`s).
 */
export class OpenApiChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  /** `METHOD /path/{template}` of every 2xx JSON answer that was checked. */
  readonly answered = new Set<string>();

  private constructor(readonly document: Json & { paths: Record<string, Json> }) {
    addFormats(this.ajv);
    this.ajv.addFormat('binary', true);
  }

  static async create(document: unknown): Promise<OpenApiChecker> {
    const dereferenced = await SwaggerParser.dereference(structuredClone(document) as never);
    return new OpenApiChecker(dereferenced as never);
  }

  /** The path template (`/api/sign-requests/{id}`) a concrete path belongs to; fixed parts win. */
  templateOf(path: string): string | null {
    const candidates = Object.keys(this.document.paths)
      .filter((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path))
      .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
    return candidates[0] ?? null;
  }

  operation(method: string, template: string): Operation | null {
    const item = this.document.paths[template] as Record<string, Operation> | undefined;
    return item?.[method.toLowerCase()] ?? null;
  }

  /** Validates a value against a schema of the document; the errors as text, or null. */
  validate(key: string, schema: unknown, value: unknown): string | null {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(schema as Json);
      this.compiled.set(key, validate);
    }
    if (validate(value)) return null;
    return this.ajv.errorsText(validate.errors, { separator: '; ' });
  }

  /**
   * What is wrong with an answer, or null: no operation for the request, a status the document
   * does not list, a JSON answer that does not match, or a documented media type not sent.
   */
  problemOf(method: string, url: string, res: LightMyRequestResponse): string | null {
    const path = url.split('?')[0]!;
    const template = this.templateOf(path);
    const label = `${method} ${template ?? path} → ${res.statusCode}`;
    if (!template) return `${label}: no path in the document`;
    const operation = this.operation(method, template);
    if (!operation) return `${label}: no operation in the document`;
    const response = operation.responses[String(res.statusCode)];
    if (!response) return `${label}: status not documented`;
    const content = response.content as Record<string, { schema?: unknown }> | undefined;
    const type = String(res.headers['content-type'] ?? '');
    if (!content) return res.body === '' ? null : `${label}: documented without a body`;
    const mediaType = Object.keys(content).find((m) => type.startsWith(m));
    if (!mediaType) return `${label}: sent ${type}, documented ${Object.keys(content).join(', ')}`;
    if (mediaType !== 'application/json') return null;
    const problem = this.validate(
      `${method} ${template} ${res.statusCode}`,
      content[mediaType]!.schema,
      res.json(),
    );
    if (problem) return `${label}: ${problem}`;
    if (res.statusCode < 300) this.answered.add(`${method.toUpperCase()} ${template}`);
    return null;
  }
}
