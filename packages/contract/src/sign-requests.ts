import { z } from 'zod';
import { inputMessages, messages } from './messages.ts';
import { walletAttributes } from './wallet.ts';
import { attachmentValueSchema, signerFieldTypes } from './signer-fields.ts';
import {
  booleanField,
  eitherShape,
  emailField,
  idField,
  integerField,
  MAX_ID,
  optionalString,
  requiredString,
  text,
} from './fields.ts';
import { localeCodes, PAGE_SIZE } from './constants.ts';
import { signerDeliveries } from './embed.ts';
import { MAX_ROUTING_ORDER, signerRoles } from './states.ts';
import { paginatedSchema } from './responses.ts';
import {
  exampleCreateSignRequest,
  exampleListItem,
  exampleSignable,
  exampleSigner,
  exampleSignRequest,
} from './sign-request-examples.ts';

/** Texts of the sending flow (seed 000 §5, §8), in one place. */
export const signingMessages = {
  maxRemindersMax: 'Het aantal herinneringen mag niet hoger als 5 zijn',
  maxRemindersMin: 'Het aantal herinneringen moet minimaal 1 zijn',
  expiresAfterNow: 'De ondertekening moet minimaal vervallen na nu',
  mergeFields: 'Dit veld dient minimaal een van de mergevelden [[content]], [[link]] te bevatten',
  fileType: 'Het bestandstype van 1 of meerdere bestanden is niet toegestaan.',
  notEnoughCredits: 'Je hebt niet voldoende credits om deze ondertekening te versturen.',
  noSigners: 'Je moet nog ondertekenaars toevoegen.',
  noDocuments: 'Je moet nog documenten toevoegen.',
  reminderTooRecent:
    'De laatste herinnering is mogelijk te recentelijk gestuurd, probeer het later nog eens.',
  tooManySigners: 'Het maximum aantal ondertekenaars is bereikt',
  verificationRequired: 'Kies minimaal één verificatiemethode',
  idinNotAvailable: 'iDIN is niet beschikbaar in je abonnement',
  walletNotAvailable: 'Verificatie met de EU-wallet is niet beschikbaar in je abonnement',
  stateConflict: 'Deze actie is niet mogelijk in de huidige status van de ondertekening',
  viewerNotInCompany: 'Kies een gebruiker van je eigen bedrijf',
  departmentInvalid: 'Kies een afdeling van je eigen bedrijf',
  verificationsLocked: 'De verificatiemethoden kunnen na het versturen niet meer gewijzigd worden',
  routingLocked: 'De stap en rol kunnen na het versturen niet meer gewijzigd worden',
  ccOnly: 'Voeg minimaal één ondertekenaar of goedkeurder toe',
  delegateSameEmail: 'Vul het e-mailadres in van iemand anders',
  delegatePhone: 'Vul het mobiele nummer in: de nieuwe ondertekenaar krijgt een SMS-code',
  wrongPassword: 'Het wachtwoord is onjuist',
  notSignersTurn: 'Deze ondertekenaar is nog niet aan de beurt',
  delegationOff: 'Doorgeven aan iemand anders is bij deze ondertekening niet toegestaan',
  delegationNoCredit:
    'Iemand anders laten tekenen kost een credit, en de afzender heeft geen credits meer. Neem contact op met de afzender.',
  approverSignature:
    'Een goedkeurder of kopie zet geen handtekening of paraaf: kies een andere verificatie',
  fileEncrypted: 'Dit PDF-bestand is beveiligd met een wachtwoord en kan niet gebruikt worden',
  fileCorrupt: 'Dit bestand is beschadigd of geen geldig PDF-bestand',
  fileTooLarge: 'Het bestand is te groot (maximaal 25 MB)',
  fileNoPages: "Dit PDF-bestand bevat geen pagina's",
  fileTooManyPages: "Het document heeft te veel pagina's (maximaal 500)",
  imageTooLarge: 'De afbeelding is te groot (maximaal 50 megapixels)',
  fileTooComplex: 'Dit bestand is te groot of te ingewikkeld om te verwerken',
  // Said by the server's 422 and by every dropzone while LibreOffice is missing.
  wordConversionUnavailable:
    'Word-bestanden kunnen hier niet worden omgezet; upload een PDF of afbeelding',
  wordConversionFailed: 'Dit Word-bestand kon niet worden omgezet naar PDF',
  markerPage: 'De marker staat op een pagina die niet in het document voorkomt',
  verificationUnknown: 'Deze verificatiemethode bestaat niet',
  // 409s of the downloads of a request that is not signed (state 5) yet.
  receiptNotSigned:
    'Het auditcertificaat is er pas als de ondertekening is afgerond (status Getekend)',
  signedDocumentNotSigned:
    'Het ondertekende document is er pas als de ondertekening is afgerond (status Getekend)',
} as const;

export const verificationTypeIds = [1, 2, 4, 5, 6, 7] as const;
export const idinServices = [
  'name',
  'address',
  'gender',
  'date_of_birth',
  'email',
  'telephone',
] as const;
export const defaultIdinServices = ['name', 'address', 'date_of_birth'] as const;

const mergeFieldMessage = text()
  .trim()
  .min(1, messages.required)
  .max(20000, messages.maxLength)
  .refine((v) => v.includes('[[content]]') || v.includes('[[link]]'), signingMessages.mergeFields);

const mailTemplateFields = z.object({
  subject: requiredString(255),
  template: text().min(1, messages.required).max(50000, messages.maxLength),
});

/**
 * One language's invitation text: `{ subject, template }`, or as seed 000 §3 names it,
 * `{ sign_request_to_signer: { subject, template } }`.
 */
export const mailTemplateOverride = eitherShape(
  'sign_request_to_signer',
  z
    .object({ sign_request_to_signer: mailTemplateFields })
    .transform((v) => v.sign_request_to_signer),
  mailTemplateFields,
);

/** The invitation texts per language (`nl`, `en`, …) a request or a signer may carry. */
const mailTemplatesPerLocale = z
  .partialRecord(z.enum(localeCodes, { error: inputMessages.choice }), mailTemplateOverride)
  .optional();

export const customFieldInput = z
  .object({
    name: requiredString(128),
    description: optionalString(255),
    required: booleanField().optional().default(false),
    value: optionalString(255),
  })
  .refine((f) => !f.required || Boolean(f.value), { message: messages.required, path: ['value'] });

/** POST /api/sign-requests */
export const createSignRequestBody = z
  .object({
    department_id: idField().optional(),
    expires_at: z.coerce.date({ error: messages.required }),
    subject: requiredString(255),
    message: mergeFieldMessage,
    is_sync: booleanField().optional().default(false),
    allow_delegation: booleanField().optional().default(false),
    send_documents_to_initiator: booleanField().optional().default(false),
    emails: z
      .array(emailField(), { error: messages.email })
      .max(20, messages.max)
      .optional()
      .default([]),
    custom_fields: z.array(customFieldInput).max(50, messages.max).optional().default([]),
    viewer_user_id: idField().nullish(),
    email_templates: mailTemplatesPerLocale,
  })
  .meta({ examples: [exampleCreateSignRequest] });
export type CreateSignRequestBody = z.input<typeof createSignRequestBody>;

/** A verification type as a number (1, '1') or as the seed writes it, "type and text". */
export const verificationItem = z
  .union(
    [
      integerField({ min: 0, max: MAX_ID }),
      z
        .object({ type: integerField({ min: 0, max: MAX_ID }), text: text().max(100).nullish() })
        .transform((v) => v.type),
    ],
    { error: signingMessages.verificationUnknown },
  )
  .pipe(
    z.union(
      verificationTypeIds.map((v) => z.literal(v)),
      { error: signingMessages.verificationUnknown },
    ),
  );

/** What an EU-wallet signer (verification 7) is asked to share; the name always. */
export const walletAttributeList = z
  .array(z.enum(walletAttributes, { error: inputMessages.choice }))
  .max(walletAttributes.length)
  .optional();

const idinServiceList = z.array(z.enum(idinServices, { error: inputMessages.choice })).optional();

const signerFields = {
  firstname: requiredString(100),
  lastname: requiredString(100),
  email: emailField(),
  phone: optionalString(50),
  locale: z.enum(localeCodes, { error: messages.required }).default('nl'),
  verifications: z
    .array(verificationItem, { error: signingMessages.verificationRequired })
    .min(1, signingMessages.verificationRequired),
  idin_services: idinServiceList,
  /** The name the seed's signer carries (`idinServices`); `idin_services` wins when both come. */
  idinServices: idinServiceList,
  /** What an EU-wallet signer (verification 7) is asked to share; the name always. */
  wallet_attributes: walletAttributeList,
  reminder_after: integerField({ min: 1, max: 30 }),
  max_reminders: integerField({
    min: 1,
    max: 5,
    minMessage: signingMessages.maxRemindersMin,
    maxMessage: signingMessages.maxRemindersMax,
  }),
  /** The step (same number: in parallel); left out: step 1 on adding, unchanged on updating. */
  routing_order: integerField({ min: 1, max: MAX_ROUTING_ORDER }).optional(),
  role: z.enum(signerRoles, { error: inputMessages.choice }).optional(),
  /** A cc gets a mail when the request is sent; left out: off on adding, unchanged on updating. */
  notify_on_send: booleanField().optional(),
};

/** One list of iDIN services, whichever of the two names carried it. */
const oneIdinList = <T extends { idin_services?: S; idinServices?: S }, S>({
  idinServices: alias,
  ...rest
}: T) => ({ ...rest, idin_services: rest.idin_services ?? alias });

const phoneWhenSms = <T extends { verifications: number[]; phone?: string | null }>(s: T) =>
  !s.verifications.includes(2) || Boolean(s.phone);

/** An approver or a copy puts no signature or paraaf (5, 6) on the documents. */
const signsOnlyAsSigner = <T extends { verifications: number[]; role?: string }>(s: T) =>
  s.role === undefined || s.role === 'signer' || !s.verifications.some((v) => v === 5 || v === 6);

/** POST /api/sign-requests/{id}/signers */
export const createSignerBody = z
  .object({
    ...signerFields,
    allow_form_edit: booleanField().optional().default(false),
    /** 'embedded': no invitation or reminder mails; the signer signs in the sender's own site. */
    delivery: z.enum(signerDeliveries, { error: inputMessages.choice }).optional().default('email'),
    email_templates: mailTemplatesPerLocale,
  })
  .refine(phoneWhenSms, { message: messages.required, path: ['phone'] })
  .refine(signsOnlyAsSigner, {
    message: signingMessages.approverSignature,
    path: ['verifications'],
  })
  .transform(oneIdinList);
export type CreateSignerBody = z.input<typeof createSignerBody>;

/** PUT /api/sign-requests/{id}/update-signer: the signer id and the fields that change. */
export const updateSignerBody = z
  .object({
    signer_id: idField(),
    ...signerFields,
  })
  .refine(phoneWhenSms, { message: messages.required, path: ['phone'] })
  .refine(signsOnlyAsSigner, {
    message: signingMessages.approverSignature,
    path: ['verifications'],
  })
  .transform(oneIdinList);
export type UpdateSignerBody = z.input<typeof updateSignerBody>;

/** PUT /api/sign-requests/{id}/reassign-signer: another person takes the signer's place. */
export const reassignSignerBody = z.object({
  signer_id: idField(),
  firstname: requiredString(100),
  lastname: requiredString(100),
  email: emailField(),
  phone: optionalString(50),
  reason: requiredString(2000),
});
export type ReassignSignerBody = z.input<typeof reassignSignerBody>;

/** POST /api/sign-requests/{id}/in-person: the sender's password again, for that signer. */
export const inPersonBody = z.object({
  signer_id: idField(),
  password: z.string({ error: messages.required }).min(1, messages.required).max(200),
});
export const inPersonAnswer = z
  .object({ url: z.string() })
  .meta({ examples: [{ url: '/ondertekenen/Xy3…' }] });

export const viewerUserBody = z.object({ user_id: idField().nullable() });

/**
 * A list search text: seed 000 §7 writes it `%text%` ("contains"), a bare text means the same;
 * a `%` or `_` inside the text is that character itself.
 */
const searchText = text()
  .trim()
  .transform((v) => (v.length >= 2 && v.startsWith('%') && v.endsWith('%') ? v.slice(1, -1) : v))
  .pipe(z.string().max(100, messages.maxLength));

/** One item of the `filters` JSON list of GET /api/sign-requests (seed 000 §7). */
export const signRequestFilter = z.discriminatedUnion('field', [
  z.object({
    field: z.literal('created_at'),
    type: z.literal('date').optional(),
    operator: z.literal('eq').optional(),
    value: z.iso.date(),
  }),
  z.object({
    field: z.literal('signers'),
    operator: z.literal('like').optional(),
    value: searchText,
  }),
  z.object({
    field: z.literal('signables'),
    operator: z.literal('like').optional(),
    value: searchText,
  }),
  z.object({
    field: z.literal('bulk_send_id'),
    operator: z.literal('eq').optional(),
    value: idField(),
  }),
  z.object({
    field: z.literal('state_id'),
    operator: z.literal('in').optional(),
    value: z.array(integerField({ min: 0, max: MAX_ID })).max(20, messages.max),
  }),
]);
export type SignRequestFilter = z.infer<typeof signRequestFilter>;

/** The decoded `filters` list: at most ten items (built once, not per request). */
const signRequestFilters = z.array(signRequestFilter).max(10, messages.max);

/** A query parameter holding JSON (`filters`): its text, parsed; '' is an empty list. */
const jsonParameter = text()
  .max(2000, messages.maxLength)
  .transform((raw, ctx): unknown => {
    if (raw.trim() === '') return [];
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: inputMessages.invalid });
      return z.NEVER;
    }
  });

export const signRequestListQuery = z.object({
  page: integerField({ min: 1, max: 100000 }).default(1),
  limit: integerField({ min: 1, max: 100 }).default(PAGE_SIZE),
  order: text()
    .regex(/^(id|created_at|state_id),(asc|desc)$/, messages.invalidInput)
    .default('id,desc'),
  filters: jsonParameter.pipe(signRequestFilters).default([]),
});
export type SignRequestListQuery = z.infer<typeof signRequestListQuery>;

// ---------------------------------------------------------------- responses

const stateSchema = z.object({ id: z.int(), label: z.string() });
const namedRef = z.object({ id: z.int().positive(), name: z.string() });
const customFieldValue = z.object({ name: z.string(), value: z.string() });

/**
 * Fields a caller may lack the permission to see are left out of the answer (not null):
 * `state_id`/`state` without getSignRequestStatus, `viewer_user` without
 * changeSignRequestViewerUser (the 'Inzage' row), `credits_cost` without getSignRequestCosts,
 * a signer's `actions` without getVerifications, a document's `src`/`file` without
 * getSignableFile (seed 000 §6).
 */
export const signRequestListItemSchema = z
  .object({
    id: z.int().positive(),
    /** Not in seed 000's list; shown so that requests to the same signer can be told apart. */
    subject: z.string(),
    created_at: z.iso.datetime(),
    state_id: z.int().optional(),
    state: stateSchema.optional(),
    /**
     * Everyone named in the request, in position order: `role` (signer, approver or cc, who only
     * gets a copy) and `delegated`: handed the place over to a signer listed after it.
     */
    signers: z.array(
      z.object({
        id: z.int().positive(),
        firstname: z.string(),
        lastname: z.string(),
        role: z.enum(signerRoles),
        delegated: z.boolean(),
      }),
    ),
    signables: z.array(namedRef),
    viewer_user: namedRef.nullable().optional(),
    custom_field_values: z.array(customFieldValue),
    /**
     * A request in progress (3): the step that acts now ('Stap 1 van 2'), out of the steps of
     * its signers and approvers, and who in that step has yet to act; null in any other state.
     * Shown with the status (getSignRequestStatus).
     */
    turn: z
      .object({
        step: z.int(),
        steps: z.int(),
        waiting_on: z.array(
          z.object({ id: z.int().positive(), firstname: z.string(), lastname: z.string() }),
        ),
      })
      .nullable()
      .optional(),
  })
  .meta({ examples: [exampleListItem] });
export type SignRequestListItem = z.infer<typeof signRequestListItemSchema>;

/** GET /api/sign-requests */
export const signRequestListSchema = paginatedSchema(signRequestListItemSchema);

export const signerActionSchema = z.object({
  id: z.int().positive(),
  type: z.int(),
  label: z.string(),
  comment: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type SignerAction = z.infer<typeof signerActionSchema>;

export const signerDtoSchema = z
  .object({
    id: z.int().positive(),
    position: z.int(),
    /** The step the signer acts in; signers of one step act in parallel. */
    routing_order: z.int(),
    role: z.enum(signerRoles),
    /** Who this signer handed the request over to (delegation); null: nobody. */
    delegated_to_signer_id: z.int().positive().nullable(),
    /** A cc mailed when the request is sent (only a cc is). */
    notify_on_send: z.boolean(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    locale: z.string(),
    verifications: z.array(z.object({ type: z.int(), text: z.string() })),
    verification_methods: z.array(z.object({ id: z.int(), type: z.int() })),
    idinServices: z.array(z.string()),
    wallet_attributes: z.array(z.string()),
    reminder_after: z.int(),
    max_reminders: z.int(),
    reminders_sent: z.int(),
    manual_reminders_sent: z.int(),
    next_reminder_at: z.iso.datetime().nullable(),
    /** Before this time a manual reminder is refused (too recent); null: no wait. */
    manual_reminder_available_at: z.iso.datetime().nullable(),
    allow_form_edit: z.boolean(),
    delivery: z.enum(signerDeliveries),
    state_id: z.int(),
    invited_at: z.iso.datetime().nullable(),
    signed_at: z.iso.datetime().nullable(),
    declined_at: z.iso.datetime().nullable(),
    decline_reason: z.string().nullable(),
    /** The signer's audit actions, oldest first (with getVerifications). */
    actions: z
      .array(
        z.object({
          id: z.int().positive(),
          type: z.int(),
          comment: z.string().nullable(),
          updated_at: z.iso.datetime(),
        }),
      )
      .optional(),
  })
  .meta({ examples: [exampleSigner] });
export type SignerDto = z.infer<typeof signerDtoSchema>;

/** One input field's value on a document (see `signer-fields.ts` for the stored forms). */
export const fieldValueDtoSchema = z.object({
  index: z.int().min(0),
  type: z.enum(signerFieldTypes),
  name: z.string().nullable(),
  value: z.string().nullable(),
  /** As stamped: dates DD-MM-YYYY, numbers '1.234,50', options joined, an attachment's name. */
  display: z.string().nullable(),
  attachment: attachmentValueSchema.extend({ url: z.string().optional() }).nullable(),
});
export type FieldValueDto = z.infer<typeof fieldValueDtoSchema>;

export const signableDtoSchema = z
  .object({
    id: z.int().positive(),
    name: z.string(),
    filename: z.string(),
    size: z.int(),
    type: z.literal(1),
    state_id: z.int(),
    options: z.object({
      pages: z.int(),
      filesize: z.int(),
      page_sizes: z.array(z.object({ width: z.number(), height: z.number() })),
    }),
    has_acroforms: z.boolean(),
    settings: z.object({ forms_enabled: z.boolean() }),
    /** The markers (contract `Variable`, `Field`, markers.ts). */
    config: z.object({ variables: z.array(z.unknown()), fields: z.array(z.unknown()) }),
    signed_at: z.iso.datetime().nullable(),
    file_deleted_at: z.iso.datetime().nullable(),
    /** The sealed file; pages counts its audit certificate too (null: sealed before it was kept). */
    signed_signable: z
      .object({ size: z.int(), sha256: z.string(), pages: z.int().nullable() })
      .nullable(),
    /**
     * What the signers filled in on this document's input fields (after approval: hidden fields
     * empty, formulas computed): the stored value and the Dutch text stamped; an attachment with
     * its file (`url` only for callers who may download documents).
     */
    field_values: z.array(fieldValueDtoSchema).optional(),
    /** The document to preview (`view=true`) and to download, with the caller's token in the query. */
    src: z.string().optional(),
    file: z.string().optional(),
  })
  .meta({ examples: [exampleSignable] });
export type SignableDto = z.infer<typeof signableDtoSchema>;

export const signRequestDetailSchema = z
  .object({
    id: z.int().positive(),
    state_id: z.int().optional(),
    state: stateSchema.optional(),
    credits_cost: z.number().optional(),
    emails: z.array(z.string()),
    expires_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    sent_at: z.iso.datetime().nullable(),
    /** When the sealed documents are available (completed_at once state 5). */
    date: z.iso.datetime().nullable(),
    department_id: z.int().positive().nullable(),
    department: namedRef.nullable(),
    is_sync: z.boolean(),
    allow_delegation: z.boolean(),
    send_documents_to_initiator: z.boolean(),
    subject: z.string(),
    message: z.string(),
    custom_fields: z.array(
      z.object({
        name: z.string(),
        description: z.string().nullable(),
        required: z.boolean(),
        value: z.string().nullable(),
      }),
    ),
    custom_field_values: z.array(customFieldValue),
    viewer_user: namedRef.nullable().optional(),
    viewer_user_id: z.int().positive().nullable().optional(),
    estimated_gdpr_purge_at: z.iso.datetime().nullable(),
    gdpr_purged_at: z.iso.datetime().nullable(),
    failure_reason: z.string().nullable(),
    /** The bulk send this request was made for, else null. */
    bulk_send_id: z.int().positive().nullable(),
    signers: z.array(signerDtoSchema),
    signables: z.array(signableDtoSchema),
    email_templates: z.record(z.string(), z.object({ subject: z.string(), template: z.string() })),
    initiator: namedRef.nullable(),
  })
  .meta({ examples: [exampleSignRequest] });
export type SignRequestDetail = z.infer<typeof signRequestDetailSchema>;

/** The answer of a change that names the request it changed (create, ready, cancel). */
export const signRequestIdSchema = z
  .object({ id: z.int().positive() })
  .meta({ examples: [{ id: 1042 }] });
