/** The delivery queue's name, apart so that emit.ts and the job need not import each other. */
export const DELIVER_WEBHOOKS = 'deliver-webhooks';
export const RESEND_WEBHOOK = 'resend-webhook';
