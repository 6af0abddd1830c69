import { messages } from '@paraaf/contract';

/** Typed errors thrown by services; the error handler in app.ts maps them to statuses. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export class ValidationError extends AppError {
  constructor(
    readonly errors: Record<string, string[]>,
    message: string = messages.invalidInput,
  ) {
    super(422, message);
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] }, message);
  }
}

/** A transaction that kept conflicting with others (deadlock, serialization) after its retries. */
export class BusyError extends AppError {
  constructor() {
    super(503, messages.busy);
  }
}

export class UnauthenticatedError extends AppError {
  constructor(message: string = messages.unauthenticated) {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string = messages.forbidden) {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string = messages.notFound) {
    super(404, message);
  }
}
/** What existed is gone for good (a purged document): 410. */
export class GoneError extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PaymentRequiredError extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = messages.tooManyAttempts,
  ) {
    super(429, message);
  }
}

/** A PostgreSQL unique violation (23505), as thrown by either driver. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
