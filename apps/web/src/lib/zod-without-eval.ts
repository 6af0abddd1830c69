// The Content-Security-Policy allows no eval; zod would otherwise probe for it with
// `new Function`, which the browser reports as a violation even though zod catches it.
// zod keeps its global config on globalThis.__zod_globalConfig (so that every copy of zod
// shares it) and takes an object that is already there; setting it here, without importing
// zod, keeps zod's core out of the entry chunk that the login page loads (zod arrives with the
// first screen that uses a schema, already jitless).
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// Set on the object zod already holds, if it was first: zod keeps a reference to it.
(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
