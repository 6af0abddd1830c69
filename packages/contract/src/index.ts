export * from './messages.ts';
export * from './permissions.ts';
export * from './states.ts';
export * from './constants.ts';
export * from './fields.ts';
export * from './auth.ts';
export * from './users.ts';
export * from './responses.ts';
