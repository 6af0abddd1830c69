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

/** Bounds on what the simulator keeps in memory (oldest first out). */
const maxMessages = 100;
const maxDrafts = 20;
const maxUploads = 10;
const maxTokens = 1000;

/**
 * The simulator's state. KEPT IN MEMORY in this one process (like the payments simulator): the
 * tokens it issued and the messages it received are gone after a restart, which a real tenant's
 * are not; the mail transport then simply asks for a new token.
 */
/** A draft (`POST …/messages`) until `…/send`; its attachments as fileAttachment objects. */
export interface SimulatedDraft {
  sender: string;
  message: Record<string, unknown>;
  attachments: Record<string, unknown>[];
}

/** An attachment upload session: the bytes received so far. */
export interface SimulatedUpload {
  draftId: string;
  name: string;
  contentType: string;
  size: number;
  chunks: Buffer[];
  received: number;
}

export class MicrosoftSimulatorStore {
  readonly messages: SimulatedMessage[] = [];
  readonly drafts = new Map<string, SimulatedDraft>();
  readonly uploads = new Map<string, SimulatedUpload>();
  private readonly tokens = new Map<string, number>();
  tokensIssued = 0;

  issueToken(lifetimeSeconds: number, now = Date.now()): string {
    const token = `sim.${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, now + lifetimeSeconds * 1000);
    dropOldest(this.tokens, maxTokens);
    this.tokensIssued += 1;
    return token;
  }

  isTokenValid(token: string, now = Date.now()): boolean {
    const expiresAt = this.tokens.get(token);
    return expiresAt !== undefined && expiresAt > now;
  }

  addDraft(id: string, draft: SimulatedDraft): void {
    this.drafts.set(id, draft);
    dropOldest(this.drafts, maxDrafts);
  }

  addUpload(session: string, upload: SimulatedUpload): void {
    this.uploads.set(session, upload);
    dropOldest(this.uploads, maxUploads);
  }

  receive(message: SimulatedMessage): void {
    this.messages.push(message);
    if (this.messages.length > maxMessages) this.messages.shift();
  }
}

function dropOldest<K, V>(map: Map<K, V>, max: number): void {
  for (const key of map.keys()) {
    if (map.size <= max) return;
    map.delete(key);
  }
}
