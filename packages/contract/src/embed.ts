import { z } from 'zod';
import { messages } from './messages.ts';
import { text } from './fields.ts';

/** Texts of embedding Paraaf in another site (allowed origins, the embed links, the frame). */
export const embedMessages = {
  originInvalid: 'Vul een geldige herkomst in, zoals https://app.voorbeeld.nl (zonder pad)',
  originHttps: 'Een herkomst moet met https:// beginnen',
  originWildcard:
    'Een jokerteken mag alleen als eerste deel van de domeinnaam staan, zoals https://*.voorbeeld.nl',
  noOrigins:
    'Stel eerst bij Bedrijfsinstellingen in welke websites Paraaf mogen insluiten (API › Toegestane herkomsten)',
  signerNotOpen: 'Deze ondertekenaar kan nu niet ondertekenen',
  notDraft: 'Alleen een concept kan in een ingesloten editor worden voorbereid',
  linkUsed: 'Deze link is al gebruikt. Vraag de website waarop je zit om een nieuwe.',
  linkExpired: 'Deze link is verlopen. Vraag de website waarop je zit om een nieuwe.',
  linkInvalid: 'Deze link is ongeldig',
  sessionEnded: 'Deze sessie is verlopen. Open de ondertekening opnieuw.',
} as const;

/** How long an embed link opens its page, once. */
export const EMBED_LINK_TTL_MS = 10 * 60 * 1000;
export const EMBED_ORIGINS_MAX = 20;

/** How a signer gets the request: the invitation mail, or only inside the sender's own site. */
export const signerDeliveries = ['email', 'embedded'] as const;
export type SignerDelivery = (typeof signerDeliveries)[number];

/**
 * Where the bank sends back the window an embedded signer's page opened for iDIN (`?idin=ok|failed`):
 * a page that tells its opener and closes itself. It names no token: the frame knows its own.
 */
export const EMBED_IDIN_RETURN_PATH = '/insluiten/idin-terug';

/** The message that page posts to its opener (the frame, same origin). */
export const EMBED_IDIN_MESSAGE = 'paraaf:idin-returned';

/** The events the frame posts to its host page (to the host's origin only), in order of a signing. */
export const embedEvents = [
  'paraaf:loaded',
  'paraaf:verified',
  'paraaf:signed',
  'paraaf:declined',
  'paraaf:completed',
  'paraaf:error',
  'paraaf:resize',
  'paraaf:ready',
  'paraaf:saved',
  'paraaf:sent',
  'paraaf:closed',
] as const;
export type EmbedEventType = (typeof embedEvents)[number];

/** Why an embedded page shows an error (`paraaf:error` `code`). */
export const embedErrorCodes = ['link_used', 'link_expired', 'link_invalid', 'failed'] as const;
export type EmbedErrorCode = (typeof embedErrorCodes)[number];

/** One message the frame posts: `{ type, ...data }`. */
export interface EmbedEvent {
  type: EmbedEventType;
  sign_request_id?: number;
  signer_id?: number;
  template_id?: number;
  height?: number;
  code?: EmbedErrorCode;
  message?: string;
  /** `paraaf:closed`: whether anything was saved before the editor was closed. */
  saved?: boolean;
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const ORIGIN = new RegExp(
  `^(https?)://(\\*\\.)?(${LABEL}(?:\\.${LABEL})*|\\[::1\\])(?::(\\d{1,5}))?/?$`,
);
/** Hosts a browser treats as secure without https: a developer's own machine. */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * An origin as a company lists it: `https://app.voorbeeld.nl`, `https://*.voorbeeld.nl` (one
 * subdomain level, under a domain of at least two labels), or plain http on a loopback host
 * (localhost, 127.x.x.x, [::1]) for development. Answers the normal form (lower case, no
 * slash, no default port) or the Dutch reason it is refused.
 */
export function normalizeEmbedOrigin(raw: string): { origin: string } | { error: string } {
  const value = raw.trim().toLowerCase();
  const match = ORIGIN.exec(value);
  if (!match) {
    if (/^https?:\/\/[^/]*\*/.test(value)) return { error: embedMessages.originWildcard };
    if (/^[a-z]+:\/\//.test(value) && !value.startsWith('http'))
      return { error: embedMessages.originHttps };
    return { error: embedMessages.originInvalid };
  }
  const [, scheme, wildcard, host, port] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535))
    return { error: embedMessages.originInvalid };
  const isLoopback = LOOPBACK.test(host);
  if (scheme === 'http' && (!isLoopback || wildcard)) return { error: embedMessages.originHttps };
  // '*.nl' would let every Dutch site in; the wildcard needs a registrable domain under it.
  if (wildcard && (isLoopback || host.split('.').length < 2))
    return { error: embedMessages.originWildcard };
  const defaultPort = scheme === 'https' ? '443' : '80';
  const shownPort = port && port !== defaultPort ? `:${port}` : '';
  return { origin: `${scheme}://${wildcard ?? ''}${host}${shownPort}` };
}

/** Whether a page's origin (`https://a.voorbeeld.nl`) is one of the listed origins or wildcards. */
export function isEmbedOriginAllowed(allowed: readonly string[], origin: string): boolean {
  const page = origin.toLowerCase();
  return allowed.some((pattern) => {
    if (!pattern.includes('*.')) return pattern === page;
    const [scheme, rest] = pattern.split('://*.') as [string, string];
    if (!page.startsWith(`${scheme}://`)) return false;
    const host = page.slice(scheme.length + 3);
    const dot = host.indexOf('.');
    // Exactly one label in place of the '*'.
    return dot > 0 && !host.slice(0, dot).includes(':') && host.slice(dot + 1) === rest;
  });
}

/**
 * `embed_origins` on POST /api/company: a list, or one text with an origin per line (the
 * settings form's text area; '' empties the list). Absent: unchanged. Each entry is checked
 * and normalised; a refusal is a Dutch message on `embed_origins.{n}`.
 */
export const embedOriginsField = z
  .union([z.array(text()), text()], { error: embedMessages.originInvalid })
  .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,]+/)).filter((o) => o.trim() !== ''))
  .pipe(
    z
      .array(
        text().transform((raw, ctx) => {
          const result = normalizeEmbedOrigin(raw);
          if ('error' in result) {
            ctx.addIssue({ code: 'custom', message: result.error });
            return z.NEVER;
          }
          return result.origin;
        }),
      )
      .max(EMBED_ORIGINS_MAX, messages.max)
      .transform((list) => [...new Set(list)]),
  );

/** POST /api/sign-requests/{id}/signers/{signer_id}/embed and the editor embeds: the link. */
export const embedLinkSchema = z
  .object({
    /** Opens the page once, within 10 minutes; put it in `<paraaf-signing url="…">`. */
    url: z.string(),
    expires_at: z.iso.datetime(),
  })
  .meta({
    examples: [
      {
        url: 'https://app.paraaf.nl/insluiten/ondertekenen/Xq2v9cX2mK7pL0aR5tW8yZ1bN4dF6gJeHt3sQw8uYk0',
        expires_at: '2026-11-27T10:10:00.000Z',
      },
    ],
  });
export type EmbedLink = z.infer<typeof embedLinkSchema>;

/** POST /api/embed/signing/{token}: the embed link exchanged for the signer's page session. */
export const embedSigningSessionSchema = z
  .object({
    /** The signer's page token for `/api/signing/{token}/…`, valid as long as a mailed link. */
    token: z.string(),
    sign_request_id: z.int().positive(),
    signer_id: z.int().positive(),
    /** The origins that may frame the page: events go only to a parent on this list. */
    origins: z.array(z.string()),
    /** Premium: the host chose to hide Paraaf's footer. */
    hide_footer: z.boolean(),
  })
  .meta({
    examples: [
      {
        token: 'pT3v9cX2mK7pL0aR5tW8yZ1bN4dF6gJeHt3sQw8uYk0',
        sign_request_id: 4182,
        signer_id: 9931,
        origins: ['https://app.verhuurplatform.nl'],
        hide_footer: false,
      },
    ],
  });
export type EmbedSigningSession = z.infer<typeof embedSigningSessionSchema>;

/** The 410 of an embed link that was used or has expired: the page says so and posts paraaf:error. */
export const embedLinkClosedSchema = z.object({
  message: z.string(),
  code: z.enum(embedErrorCodes),
});

/** The body of the embed calls: options of the embedded page. */
export const createEmbedLinkBody = z
  .object({
    /** Hide Paraaf's own footer in the frame (premium plan; ignored otherwise). */
    hide_footer: z.boolean().optional().default(false),
  })
  .meta({ examples: [{ hide_footer: false }] });
export type CreateEmbedLinkBody = z.output<typeof createEmbedLinkBody>;

/** How long an editor session (made when its link is used) reaches its one draft or template. */
export const EMBED_EDITOR_SESSION_MS = 2 * 60 * 60 * 1000;

const markerConfigShape = z.object({
  variables: z.array(z.unknown()),
  fields: z.array(z.unknown()),
});

/** POST /api/embed/editor/{token}: the editor link exchanged for a session on one object. */
export const embedEditorSessionSchema = z
  .object({
    /** For `/api/embed/editor-session/{token}/…` only: nothing else of the account. */
    token: z.string(),
    kind: z.enum(['sign_request', 'template']),
    sign_request_id: z.int().positive().nullable(),
    template_id: z.int().positive().nullable(),
    origins: z.array(z.string()),
  })
  .meta({
    examples: [
      {
        token: 'rK8v9cX2mK7pL0aR5tW8yZ1bN4dF6gJeHt3sQw8uYk0',
        kind: 'sign_request',
        sign_request_id: 4182,
        template_id: null,
        origins: ['https://app.verhuurplatform.nl'],
      },
    ],
  });
export type EmbedEditorSession = z.infer<typeof embedEditorSessionSchema>;

/** GET /api/embed/editor-session/{token}: the draft or template the editor may change. */
export const embedEditorSchema = z
  .object({
    kind: z.enum(['sign_request', 'template']),
    title: z.string(),
    /** A draft can be sent from the editor; a template cannot. */
    can_send: z.boolean(),
    input_fields: z.boolean(),
    signers: z.array(
      z.object({
        position: z.int().positive(),
        label: z.string(),
        verifications: z.array(z.int()).nullable(),
      }),
    ),
    documents: z.array(
      z.object({ id: z.int().positive(), name: z.string(), config: markerConfigShape }),
    ),
  })
  .meta({
    examples: [
      {
        kind: 'sign_request',
        title: 'Huurcontract Kade 12',
        can_send: true,
        input_fields: true,
        signers: [{ position: 1, label: 'Sam Huurder', verifications: [1, 5] }],
        documents: [{ id: 9120, name: 'Huurcontract', config: { variables: [], fields: [] } }],
      },
    ],
  });
export type EmbedEditor = z.infer<typeof embedEditorSchema>;

/** PUT …/documents/{id}/markers: the markers and input fields of one document, as the editor saves them. */
export const embedMarkersBody = z
  .object({ variables: z.array(z.unknown()), fields: z.array(z.unknown()) })
  .meta({ examples: [{ variables: [], fields: [] }] });

/** The answer of saving a document's markers from the editor: the document's id. */
export const embedMarkersSavedSchema = z
  .object({ id: z.int().positive() })
  .meta({ examples: [{ id: 9120 }] });
