/** A new company registered through the API: its first user's session token and ids. */
export function registerBenchCompany(
  baseUrl: string,
  company: string,
): Promise<{ token: string; userId: number; companyId: number }>;
export function api<T = any>(
  baseUrl: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T>;
export function sendSignRequest(
  baseUrl: string,
  token: string,
  options: { signerEmail: string; pages?: number; verifications?: number[]; send?: boolean },
): Promise<number>;
export function signerTokenIn(text: string | null | undefined): string;
export function codeIn(text: string | null | undefined): string;
export function requestEmailCode(baseUrl: string, signerToken: string): Promise<unknown>;
export function verifyEmailCode(
  baseUrl: string,
  signerToken: string,
  code: string,
): Promise<unknown>;
export function prepareApproval(baseUrl: string, signerToken: string): Promise<void>;
export function approve(baseUrl: string, signerToken: string): Promise<unknown>;
