import { randomBytes } from 'node:crypto';

/** The one organisation of the simulator: its administrator consents, its mailboxes send. */
export const simulatedTenant = {
  id: '70617261-0000-4000-8000-73696d756c61',
  name: 'Voorbeeld B.V. (Microsoft 365-simulator)',
} as const;

/** A message as Graph's sendMail received it. */
export interface SimulatedMessage {
  sender: string;
  receivedAt: string;
  message: unknown;
}

const maxMessages = 500;

/**
 * The simulator's state. KEPT IN MEMORY in this one process (like the payments simulator): the
 * tokens it issued and the messages it received are gone after a restart, which a real tenant's
 * are not; the mail transport then simply asks for a new token.
 */
export class MicrosoftSimulatorStore {
  readonly messages: SimulatedMessage[] = [];
  private readonly tokens = new Map<string, number>();
  tokensIssued = 0;

  issueToken(lifetimeSeconds: number, now = Date.now()): string {
    const token = `sim.${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, now + lifetimeSeconds * 1000);
    this.tokensIssued += 1;
    return token;
  }

  isTokenValid(token: string, now = Date.now()): boolean {
    const expiresAt = this.tokens.get(token);
    return expiresAt !== undefined && expiresAt > now;
  }

  receive(message: SimulatedMessage): void {
    this.messages.push(message);
    if (this.messages.length > maxMessages) this.messages.shift();
  }
}
