import { billableUsage } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';

export type UsageKind = (typeof billableUsage.$inferInsert)['kind'];

/**
 * Use of a paid plan that is billed afterwards with the company's next invoice (the periods
 * job groups the unbilled rows per kind and unit price). `causeKey` is unique: one cause is
 * recorded once, whoever records it again.
 */
export async function recordBillableUsage(
  tx: Tx,
  row: {
    companyId: number;
    causeKey: string;
    kind: UsageKind;
    description: string;
    quantity: number;
    unitPriceCents: number;
    occurredAt: Date;
  },
): Promise<void> {
  await tx
    .insert(billableUsage)
    .values(row)
    .onConflictDoNothing({ target: billableUsage.causeKey });
}
