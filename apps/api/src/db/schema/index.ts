export * from './companies.ts';
export * from './users.ts';
export * from './system.ts';
export * from './sign-requests.ts';
export * from './signing.ts';
export * from './templates.ts';
export * from './invoices.ts';
export * from './billing.ts';
