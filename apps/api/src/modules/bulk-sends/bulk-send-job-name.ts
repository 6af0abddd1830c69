/** The queue of bulk sends (one live job per batch). */
export const BULK_SEND_JOB = 'bulk-send';
