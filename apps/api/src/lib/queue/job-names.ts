/**
 * The names of the queues that one module fills and another works: a state change enqueues in its
 * own transaction, the worker's handler lives a layer up, and neither imports the other.
 */
/** Webhook messages recorded by a change (modules/sign-requests), delivered by modules/webhooks. */
export const DELIVER_WEBHOOKS = 'deliver-webhooks';
export const RESEND_WEBHOOK = 'resend-webhook';
/** A request whose last signer approved (modules/signing), sealed by modules/sealing. */
export const SEAL_SIGN_REQUEST = 'sealing';
