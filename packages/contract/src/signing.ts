import { z } from 'zod';
import { messages } from './messages.ts';
import {
  emailField,
  idField,
  integerField,
  optionalString,
  requiredString,
  text,
} from './fields.ts';
import { signerFieldOptionsSchema, signerFieldTypes } from './signer-fields.ts';
import { signerRoles } from './states.ts';

/** The signer's side (issue 4): what GET /api/signing/{token} answers and what the page sends. */

/** Why a link can no longer be used, or 'open' when the signer may act. */
export const signingStatuses = [
  'open',
  'not_your_turn',
  'approved', // this signer is done; others still sign
  'signed', // the whole request is sealed (state 5)
  'declined',
  'cancelled',
  'expired',
  'purged',
] as const;
export type SigningStatus = (typeof signingStatuses)[number];

export const signingStepTypes = [
  'email',
  'sms',
  'idin',
  'wallet',
  'signature',
  'paraph',
  'fields',
] as const;
export type SigningStepType = (typeof signingStepTypes)[number];

export const signingMarkerSchema = z.object({
  /** Index in the signable's config.variables (markers) or config.fields (input fields). */
  index: z.int().min(0),
  page: z.int().min(1),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type SigningMarker = z.infer<typeof signingMarkerSchema>;

export const signingFieldSchema = signingMarkerSchema.extend({
  type: z.enum(signerFieldTypes),
  /** Required by its rule (a condition may also require it: see `resolveFields`). */
  required: z.boolean(),
  /** The stored value (an attachment: the JSON of `attachmentValueSchema`; a formula: computed). */
  value: z.string().nullable(),
  /** The field's rules, options, condition and formula, as the marker editor set them. */
  options: signerFieldOptionsSchema.extend({ rules: z.array(z.string()) }),
});
export type SigningField = z.infer<typeof signingFieldSchema>;

/** A field of the PDF's own form, with where its widgets are (PDF points from the top-left). */
export const signingFormFieldSchema = z.object({
  /** Fully qualified field name: the key when saving. */
  name: z.string(),
  kind: z.enum(['text', 'checkbox', 'radio', 'dropdown', 'optionlist']),
  /** One per place the field shows; a radio button's widget carries the option it selects. */
  widgets: z.array(
    z.object({
      page: z.int().min(1),
      x: z.number(),
      y: z.number(),
      width: z.number(),
      height: z.number(),
      option: z.string().optional(),
    }),
  ),
  /** Choices of a radio group, dropdown or option list. */
  options: z.array(z.string()),
  /** What this signer saved, else the PDF's value: text, 'true'/'false', or an option. */
  value: z.string().nullable(),
  read_only: z.boolean(),
  required: z.boolean(),
  multiline: z.boolean(),
  max_length: z.int().nullable(),
});
export type SigningFormField = z.infer<typeof signingFormFieldSchema>;

export const signingDocumentSchema = z.object({
  id: z.int().positive(),
  name: z.string(),
  page_count: z.int().min(1),
  /** Page sizes in PDF points. Marker coordinates are PDF points from the page's top-left. */
  pages: z.array(z.object({ width: z.number(), height: z.number() })),
  /**
   * A large document (a scan) has page 1 as an image too, GET
   * /api/signing/{token}/signables/{id}/page-1: shown while the PDF's own drawing loads.
   */
  first_page_image: z.boolean(),
  /** Where this signer's drawn signature and initials will be stamped. */
  signature_markers: z.array(signingMarkerSchema),
  paraph_markers: z.array(signingMarkerSchema),
  /** This signer's input fields. */
  fields: z.array(signingFieldSchema),
  /**
   * The PDF's own form fields (AcroForm), only for the signer allowed to edit forms on a
   * document whose forms are enabled; else []. Saved with PUT /api/signing/{token}/form-fields.
   */
  form_fields: z.array(signingFormFieldSchema),
});
export type SigningDocument = z.infer<typeof signingDocumentSchema>;

export const signingPageSchema = z
  .object({
    status: z.enum(signingStatuses),
    locale: z.enum(['nl', 'en', 'de', 'fr']),
    company: z.object({ name: z.string(), logo_url: z.string().nullable() }),
    sign_request: z.object({
      id: z.int().positive(),
      subject: z.string(),
      message: z.string(),
      expires_at: z.iso.datetime(),
      state_id: z.int(),
      is_sync: z.boolean(),
      /** Whether the signer may hand the request over to someone else (delegate). */
      allow_delegation: z.boolean(),
      sender_name: z.string().nullable(),
    }),
    signer: z.object({
      id: z.int().positive(),
      firstname: z.string(),
      lastname: z.string(),
      email: z.string(),
      /** e.g. '06••••••78'; null without SMS. */
      phone_masked: z.string().nullable(),
      state_id: z.int(),
      /** 'approver': approves or declines, without a signature. */
      role: z.enum(signerRoles),
    }),
    /** Only the steps chosen for this signer, in the order the page walks them. */
    steps: z.array(z.object({ type: z.enum(signingStepTypes), done: z.boolean() })),
    documents: z.array(signingDocumentSchema),
    /**
     * Whether this signer has a drawn signature / initials stored, to show again on the markers
     * after a reload: GET /api/signing/{token}/drawings/{signature|paraph} returns the PNG.
     */
    drawings: z.object({ signature: z.boolean(), paraph: z.boolean() }),
    /** iDIN attributes shared after a successful check (shown back to the signer). */
    idin: z.object({
      status: z.enum(['none', 'started', 'failed', 'verified']),
      attributes: z.record(z.string(), z.string()),
    }),
    /**
     * Until when (ISO time) a code sent by e-mail / SMS can still be entered, else null: after a
     * reload the page shows the code input instead of asking for a new code. Never the code itself.
     */
    pending_codes: z.object({
      email: z.iso.datetime().nullable(),
      sms: z.iso.datetime().nullable(),
    }),
    /** The platform's terms and privacy statement, linked beside the consent to sign. */
    legal: z.object({ terms_url: z.string(), privacy_url: z.string() }),
  })
  .meta({
    examples: [
      {
        status: 'open',
        locale: 'nl',
        company: { name: 'Verhuur Amsterdam B.V.', logo_url: null },
        sign_request: {
          id: 1042,
          subject: 'Huurovereenkomst Prinsengracht 12',
          message: 'Beste huurder, wilt u de huurovereenkomst ondertekenen?',
          expires_at: '2026-06-12T22:00:00.000Z',
          state_id: 3,
          is_sync: false,
          allow_delegation: false,
          sender_name: 'Sanne de Vries',
        },
        signer: {
          id: 311,
          firstname: 'Daan',
          lastname: 'Visser',
          email: 'daan.visser@voorbeeld.nl',
          phone_masked: null,
          state_id: 3,
          role: 'signer',
        },
        steps: [
          { type: 'email', done: false },
          { type: 'signature', done: false },
        ],
        documents: [
          {
            id: 208,
            name: 'Huurovereenkomst Prinsengracht 12',
            page_count: 1,
            first_page_image: false,
            pages: [{ width: 595.28, height: 841.89 }],
            signature_markers: [{ index: 0, page: 1, x: 72, y: 640, width: 150, height: 30 }],
            paraph_markers: [],
            fields: [],
            form_fields: [],
          },
        ],
        drawings: { signature: false, paraph: false },
        idin: { status: 'none', attributes: {} },
        pending_codes: { email: null, sms: null },
        legal: {
          terms_url: 'https://paraaf.example/voorwaarden',
          privacy_url: 'https://paraaf.example/privacy',
        },
      },
    ],
  });
export type SigningPage = z.infer<typeof signingPageSchema>;

/**
 * GET /api/signing/{token}/status: the little a page waiting on something elsewhere asks again
 * and again (an embedded page after its signer is done, or while iDIN runs in another window).
 */
export const signingStatusSchema = z
  .object({
    status: z.enum(signingStatuses),
    sign_request_id: z.int().positive(),
    /** 5 once the documents are sealed. */
    sign_request_state_id: z.int(),
    /** The latest iDIN check of this signer. */
    idin_status: z.enum(['none', 'started', 'verified', 'failed']),
  })
  .meta({
    examples: [
      { status: 'approved', sign_request_id: 4182, sign_request_state_id: 3, idin_status: 'none' },
    ],
  });
export type SigningStatusAnswer = z.infer<typeof signingStatusSchema>;

/** 410 from GET /api/signing/{token}: the link was replaced by a newer invitation. */
export const linkReplacedBodySchema = z.object({
  message: z.string(),
  status: z.literal('replaced'),
  locale: z.string(),
});

/** The answers of the signer's steps. */
export const codeSentSchema = z
  .object({ sent: z.literal(true) })
  .meta({ examples: [{ sent: true }] });
export const smsCodeSentSchema = z
  .object({ sent: z.literal(true), phone_masked: z.string().nullable() })
  .meta({ examples: [{ sent: true, phone_masked: '06••••••78' }] });
export const codeVerifiedSchema = z
  .object({ verified: z.literal(true) })
  .meta({ examples: [{ verified: true }] });
export const signatureSavedSchema = z
  .object({ saved: z.literal(true) })
  .meta({ examples: [{ saved: true }] });
export const fieldsSavedSchema = z
  .object({ saved: z.int().min(0) })
  .meta({ examples: [{ saved: 2 }] });
export const approvedSchema = z
  .object({ status: z.literal('approved') })
  .meta({ examples: [{ status: 'approved' }] });
export const declinedSchema = z
  .object({ status: z.literal('declined') })
  .meta({ examples: [{ status: 'declined' }] });
/**
 * POST /api/signing/{token}/verifications/idin. `embedded`: started from a page inside another
 * site's frame, in a window of its own; the bank sends that window back to
 * `EMBED_IDIN_RETURN_PATH`, which tells the frame and closes.
 */
export const startIdinBody = z
  .object({ embedded: z.boolean().optional().default(false) })
  .meta({ examples: [{ embedded: false }] });
export const idinStartedSchema = z
  .object({ redirect_url: z.string() })
  .meta({ examples: [{ redirect_url: 'https://idin.example/authorize?state=…' }] });

export const verifyCodeBody = z.object({
  code: text()
    .trim()
    .regex(/^\d{6}$/, 'De code bestaat uit 6 cijfers'),
});

/** A PNG data URL of at most ~700 kB (500 kB of image). */
export const signatureBody = z.object({
  type: z.enum(['signature', 'paraph'], { error: messages.required }),
  image: text()
    .max(700_000, messages.maxLength)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'Dit is geen geldige afbeelding'),
});

export const fieldsBody = z.object({
  fields: z
    .array(
      z.object({
        signable_id: idField(),
        index: integerField({ min: 0, max: 10_000 }),
        value: text().max(1000, messages.maxLength).nullable(),
      }),
    )
    .max(500, messages.max),
});

export const formFieldsBody = z.object({
  fields: z
    .array(
      z.object({
        signable_id: idField(),
        name: text().min(1, messages.required).max(500, messages.maxLength),
        value: text().max(10_000, messages.maxLength).nullable(),
      }),
    )
    .max(1000, messages.max),
});

/** Dutch texts of the form-field calls (PUT /api/signing/{token}/form-fields, approve). */
export const formFieldMessages = {
  unknown: 'Dit formulierveld hoort niet bij deze ondertekening',
  readOnly: 'Dit formulierveld kan niet worden gewijzigd',
  checkbox: 'Een vinkje is true of false',
  option: 'Kies een van de mogelijke waarden',
  tooLong: 'Deze waarde is te lang voor dit formulierveld',
  notAllowed: 'Je mag de formuliervelden van deze documenten niet invullen',
  missing: 'Vul eerst alle verplichte formuliervelden in',
} as const;

export const declineBody = z.object({
  reason: text().trim().min(1, messages.required).max(2000, messages.maxLength),
});

/** POST /api/signing/{token}/delegate: who signs instead, and why. */
export const delegateBody = z
  .object({
    firstname: requiredString(100),
    lastname: requiredString(100),
    email: emailField(),
    /** Needed when the place asks an SMS code. */
    phone: optionalString(50),
    reason: text().trim().min(1, messages.required).max(2000, messages.maxLength),
  })
  .meta({
    examples: [
      {
        firstname: 'Karin',
        lastname: 'de Jong',
        email: 'karin.dejong@voorbeeld.nl',
        reason: 'Ik ben met vakantie; mijn collega tekent.',
      },
    ],
  });
export type DelegateBody = z.input<typeof delegateBody>;
export const delegatedSchema = z
  .object({ status: z.literal('delegated') })
  .meta({ examples: [{ status: 'delegated' }] });

/** Dutch texts of the signer API (the page shows its own translations by status). */
export const signerApiMessages = {
  invalidLink: 'Deze link is ongeldig',
  replaced: 'Deze link is niet meer geldig. Neem contact op met de afzender.',
  // 429 of the signer endpoints (Retry-After says when): too many calls of one link, or too many
  // links from one address that open nothing.
  linkTooBusy:
    'Er komen te veel verzoeken met deze link binnen. Probeer het over een minuut opnieuw.',
  tooManyInvalidLinks:
    'Er zijn vanaf je netwerk te veel ongeldige links geopend. Probeer het over een minuut opnieuw.',
  codeWrong: 'De code is onjuist of verlopen',
  codeTooSoon: 'Er is net een code verstuurd. Wacht even voordat je een nieuwe code aanvraagt.',
  codeTooMany: 'Je hebt te veel codes aangevraagd. Probeer het over een uur opnieuw.',
  stepNotChosen: 'Deze stap hoort niet bij deze ondertekening',
  alreadyVerified: 'Deze stap is al afgerond',
  verifyFirst: 'Rond eerst de verificatie af',
  imageInvalid: 'Dit is geen geldige afbeelding',
  imageTooLarge: 'De afbeelding is te groot',
  fieldUnknown: 'Dit invulveld hoort niet bij deze ondertekening',
  checkboxValue: 'Een vinkje is true of false',
  stepsMissing: 'Rond eerst alle stappen af',
  fieldsMissing: 'Vul eerst alle verplichte velden in',
  documentsNotViewed: 'Bekijk eerst alle documenten',
  alreadyDone: 'Je hebt deze ondertekening al afgerond',
  // Why a mutating call on a link is refused (409), per SigningStatus.
  purged: 'De documenten van deze ondertekening zijn verwijderd',
  cancelled: 'Deze ondertekening is geannuleerd',
  declined: 'Deze ondertekening is geweigerd',
  expired: 'Deze ondertekening is verlopen',
  signed: 'Deze ondertekening is al afgerond',
  approved: 'Je hebt deze ondertekening al goedgekeurd',
  not_your_turn: 'Je bent nog niet aan de beurt om te ondertekenen',
} as const;

/** Dutch names of the steps, for messages naming what is missing. */
export const signingStepLabels: Record<SigningStepType, string> = {
  email: 'e-mailverificatie',
  sms: 'sms-verificatie',
  idin: 'iDIN-verificatie',
  wallet: 'EU-wallet-verificatie',
  signature: 'handtekening',
  paraph: 'paraaf',
  fields: 'invulvelden',
};

/** GET /api/identity/callback: where the iDIN broker sends the signer back (OIDC). */
export const identityCallbackQuery = z.object({
  state: z.string().optional(),
  code: z.string().optional(),
  error: z.string().optional(),
});

/** GET /api/identity/simulator: the built-in test bank's page for an iDIN session. */
export const identitySimulatorQuery = z.object({ state: z.string().optional() });

/** POST /api/identity/simulator: the test bank's urlencoded form. */
export const identitySimulatorForm = z
  .object({
    state: z.string(),
    bank: z.string(),
    outcome: z.enum(['success', 'cancelled', 'failure']),
  })
  .meta({ examples: [{ state: 'c3RhdGUtMTIz', bank: 'abn', outcome: 'success' }] });
