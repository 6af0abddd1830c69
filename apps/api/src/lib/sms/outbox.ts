import { smsSent } from '../metrics/metrics.ts';
import { z } from 'zod';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { smsMessages } from '../../db/schema/index.ts';
import type { JobDefinition, Queue } from '../queue/queue.ts';
import { SmsSendError, type SmsSender } from './sms-sender.ts';

export interface SmsDeps {
  db: Db;
  sender: SmsSender;
}

/**
 * Delivers one sms_messages row. Running twice sends once (only an unsent, unfailed row is
 * sent). A permanent refusal is recorded and not retried; a transient failure (timeout, 5xx) is
 * recorded and thrown so the queue retries it.
 */
export const sendSmsJob: JobDefinition<z.ZodObject<{ smsId: z.ZodNumber }>, SmsDeps> = {
  name: 'send-sms',
  concurrency: 4,
  schema: z.object({ smsId: z.number().int() }),
  async handle({ db, sender }, { smsId }) {
    const [sms] = await db
      .select()
      .from(smsMessages)
      .where(
        and(eq(smsMessages.id, smsId), isNull(smsMessages.sentAt), isNull(smsMessages.failedAt)),
      );
    if (!sms || sms.body === null) return;
    try {
      const { providerMessageId } = await sender.send({
        to: sms.to,
        sender: sms.sender,
        body: sms.body,
        reference: `paraaf-${sms.id}`,
      });
      smsSent.inc({ result: 'sent' });
      await db
        .update(smsMessages)
        .set({
          sentAt: new Date(),
          provider: sender.name,
          providerMessageId,
          error: null,
          // The body holds a code: once it has left through a real gateway it is not kept at
          // rest. The simulator's outbox is the only place a tester can read it.
          ...(sender.name === 'simulator' ? {} : { body: null }),
        })
        .where(eq(smsMessages.id, smsId));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof SmsSendError && error.permanent;
      smsSent.inc({ result: 'failed' });
      await db
        .update(smsMessages)
        .set({
          provider: sender.name,
          error: message.slice(0, 500),
          ...(permanent ? { failedAt: new Date(), body: null } : {}),
        })
        .where(eq(smsMessages.id, smsId));
      if (!permanent) throw error;
    }
  },
};

/** Writes the SMS into the outbox and enqueues its delivery in the caller's transaction. */
export async function queueSms(
  tx: Tx,
  queue: Queue,
  sms: {
    companyId: number;
    signerId: number | null;
    to: string;
    sender: string;
    body: string;
    provider: string;
  },
): Promise<{ id: number }> {
  const [row] = await tx.insert(smsMessages).values(sms).returning({ id: smsMessages.id });
  await queue.enqueue(tx, sendSmsJob.name, { smsId: row!.id });
  return row!;
}
