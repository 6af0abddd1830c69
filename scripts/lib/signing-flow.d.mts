export interface ApiResponse {
  status: number;
  raw: Buffer;
  body: any;
}
export interface CallOptions {
  token?: string;
  json?: unknown;
  body?: Buffer;
  headers?: Record<string, string>;
}
export interface ApiClient {
  send(method: string, path: string, options?: CallOptions): Promise<ApiResponse>;
  call(expected: number, method: string, path: string, options?: CallOptions): Promise<ApiResponse>;
  close(): void;
}
export function apiClient(baseUrls: string[], localAddress: string): ApiClient;
export function flowAddress(n: number): string;
export function registerCompany(
  client: ApiClient,
  company: string,
  email: string,
): Promise<{ token: string; companyId: number }>;
export interface FlowTimes {
  start: number;
  sent: number;
  invited: number;
  codeAsked: number;
  codeArrived: number;
  approve: number;
  sealed: number;
}
export function runSigningFlow(options: {
  client: ApiClient;
  senderToken: string;
  signerEmail: string;
  pdf: Buffer;
  waitForMail: (
    to: string,
    subject: RegExp,
  ) => Promise<{ subject: string; html: string; text: string }>;
  n: number;
}): Promise<{ requestId: number; signableId: number; t: FlowTimes }>;
export function percentile(values: number[], p: number): number;
