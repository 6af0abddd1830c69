import { randomUUID } from 'node:crypto';
import type { SmsMessage, SmsSender } from './sms-sender.ts';

/**
 * No gateway: nothing leaves the machine. The sms_messages row is the message (shown at
 * /dev/mailbox); `sent` keeps what passed through here for tests.
 */
export class SimulatorSmsSender implements SmsSender {
  readonly name = 'simulator';
  readonly sent: SmsMessage[] = [];

  send(message: SmsMessage): Promise<{ providerMessageId: string }> {
    this.sent.push(message);
    return Promise.resolve({ providerMessageId: `sim-${randomUUID()}` });
  }
}
