import { z } from 'zod';
import { inputMessages, messages } from './messages.ts';
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

/** Texts of the sending flow (seed 000 §5, §8), in one place. */
export const signingMessages = {
  maxRemindersMax: 'Het aantal herinneringen mag niet hoger als 5 zijn',
  maxRemindersMin: 'Het aantal herinneringen moet minimaal 1 zijn',
  expiresAfterNow: 'De ondertekening moet minimaal vervallen na nu',
  mergeFields: 'Dit veld dient minimaal een van de mergevelden [[content]], [[link]] te bevatten',
  fileType: 'Het bestandstype van 1 of meerdere bestanden is niet toegestaan.',
  notEnoughCredits: 'U heeft niet voldoende credits om deze ondertekening te versturen.',
  noSigners: 'U dient nog ondertekenaars toe te voegen.',
  noDocuments: 'U dient nog documenten toe te voegen.',
  reminderTooRecent:
    'De laatste herrinering is mogelijk te recentelijk gestuurd, probeer het later nog eens.',
  tooManySigners: 'Het maximum aantal ondertekenaars is bereikt',
  verificationRequired: 'Kies minimaal één verificatiemethode',
  idinNotAvailable: 'iDIN is niet beschikbaar in je abonnement',
  stateConflict: 'Deze actie is niet mogelijk in de huidige status van de ondertekening',
  viewerNotInCompany: 'Kies een gebruiker van je eigen bedrijf',
  departmentInvalid: 'Kies een afdeling van je eigen bedrijf',
  verificationsLocked: 'De verificatiemethoden kunnen na het versturen niet meer gewijzigd worden',
  fileEncrypted: 'Dit PDF-bestand is beveiligd met een wachtwoord en kan niet gebruikt worden',
  fileCorrupt: 'Dit bestand is beschadigd of geen geldig PDF-bestand',
  fileTooLarge: 'Het bestand is te groot (maximaal 25 MB)',
  fileNoPages: "Dit PDF-bestand bevat geen pagina's",
  fileTooManyPages: "Het document heeft te veel pagina's (maximaal 500)",
  imageTooLarge: 'De afbeelding is te groot (maximaal 50 megapixels)',
  fileTooComplex: 'Dit bestand is te groot of te ingewikkeld om te verwerken',
  wordConversionUnavailable: 'Het omzetten van Word-bestanden is op deze server niet beschikbaar',
  wordConversionFailed: 'Dit Word-bestand kon niet worden omgezet naar PDF',
  markerPage: 'De marker staat op een pagina die niet in het document voorkomt',
  verificationUnknown: 'Deze verificatiemethode bestaat niet',
} as const;

export const verificationTypeIds = [1, 2, 4, 5, 6] as const;
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
export const createSignRequestBody = z.object({
  department_id: idField().optional(),
  expires_at: z.coerce.date({ error: messages.required }),
  subject: requiredString(255),
  message: mergeFieldMessage,
  is_sync: booleanField().optional().default(false),
  send_documents_to_initiator: booleanField().optional().default(false),
  emails: z
    .array(emailField(), { error: messages.email })
    .max(20, messages.max)
    .optional()
    .default([]),
  custom_fields: z.array(customFieldInput).max(50, messages.max).optional().default([]),
  viewer_user_id: idField().nullish(),
  email_templates: mailTemplatesPerLocale,
});
export type CreateSignRequestBody = z.input<typeof createSignRequestBody>;

/** A verification type as a number (1, '1') or as the seed writes it, "type and text". */
const verificationItem = z
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
  reminder_after: integerField({ min: 1, max: 30 }),
  max_reminders: integerField({
    min: 1,
    max: 5,
    minMessage: signingMessages.maxRemindersMin,
    maxMessage: signingMessages.maxRemindersMax,
  }),
};

/** One list of iDIN services, whichever of the two names carried it. */
const oneIdinList = <T extends { idin_services?: S; idinServices?: S }, S>({
  idinServices: alias,
  ...rest
}: T) => ({ ...rest, idin_services: rest.idin_services ?? alias });

const phoneWhenSms = <T extends { verifications: number[]; phone?: string | null }>(s: T) =>
  !s.verifications.includes(2) || Boolean(s.phone);

/** POST /api/sign-requests/{id}/signers */
export const createSignerBody = z
  .object({
    ...signerFields,
    allow_form_edit: booleanField().optional().default(false),
    email_templates: mailTemplatesPerLocale,
  })
  .refine(phoneWhenSms, { message: messages.required, path: ['phone'] })
  .transform(oneIdinList);
export type CreateSignerBody = z.input<typeof createSignerBody>;

/** PUT /api/sign-requests/{id}/update-signer: the signer id and the fields that change. */
export const updateSignerBody = z
  .object({
    signer_id: idField(),
    ...signerFields,
  })
  .refine(phoneWhenSms, { message: messages.required, path: ['phone'] })
  .transform(oneIdinList);
export type UpdateSignerBody = z.input<typeof updateSignerBody>;

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

/**
 * Fields a caller may lack the permission to see are left out of the answer (not null):
 * `state_id`/`state` without getSignRequestStatus, `viewer_user` without
 * changeSignRequestViewerUser (the 'Inzage' row), `credits_cost` without getSignRequestCosts,
 * a signer's `actions` without getVerifications, a document's `src`/`file` without
 * getSignableFile (seed 000 §6).
 */
export interface SignRequestListItem {
  id: number;
  /** Not in seed 000's list; shown so that requests to the same signer can be told apart. */
  subject: string;
  created_at: string;
  state_id?: number;
  state?: { id: number; label: string };
  signers: { id: number; firstname: string; lastname: string }[];
  signables: { id: number; name: string }[];
  viewer_user?: { id: number; name: string } | null;
  custom_field_values: { name: string; value: string }[];
}

export interface SignerAction {
  id: number;
  type: number;
  label: string;
  comment: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: string;
  updated_at: string;
}

export interface SignerDto {
  id: number;
  position: number;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  locale: string;
  verifications: { type: number; text: string }[];
  verification_methods: { id: number; type: number }[];
  idinServices: string[];
  reminder_after: number;
  max_reminders: number;
  reminders_sent: number;
  manual_reminders_sent: number;
  next_reminder_at: string | null;
  /** Before this time a manual reminder is refused (too recent); null: no wait. */
  manual_reminder_available_at: string | null;
  allow_form_edit: boolean;
  state_id: number;
  invited_at: string | null;
  signed_at: string | null;
  declined_at: string | null;
  decline_reason: string | null;
  /** The signer's audit actions, oldest first (with getVerifications). */
  actions?: { id: number; type: number; comment: string | null; updated_at: string }[];
}

export interface SignableDto {
  id: number;
  name: string;
  filename: string;
  size: number;
  type: 1;
  state_id: number;
  options: { pages: number; filesize: number; page_sizes: { width: number; height: number }[] };
  has_acroforms: boolean;
  settings: { forms_enabled: boolean };
  config: { variables: unknown[]; fields: unknown[] };
  signed_at: string | null;
  file_deleted_at: string | null;
  /** The sealed file; pages counts its audit certificate too (null: sealed before it was kept). */
  signed_signable: { size: number; sha256: string; pages: number | null } | null;
  /** The document to preview (`view=true`) and to download, with the caller's token in the query. */
  src?: string;
  file?: string;
}

export interface SignRequestDetail {
  id: number;
  state_id?: number;
  state?: { id: number; label: string };
  credits_cost?: number;
  emails: string[];
  expires_at: string;
  completed_at: string | null;
  created_at: string;
  sent_at: string | null;
  /** When the sealed documents are available (completed_at once state 5). */
  date: string | null;
  department_id: number | null;
  department: { id: number; name: string } | null;
  is_sync: boolean;
  send_documents_to_initiator: boolean;
  subject: string;
  message: string;
  custom_fields: {
    name: string;
    description: string | null;
    required: boolean;
    value: string | null;
  }[];
  custom_field_values: { name: string; value: string }[];
  viewer_user?: { id: number; name: string } | null;
  viewer_user_id?: number | null;
  estimated_gdpr_purge_at: string | null;
  gdpr_purged_at: string | null;
  failure_reason: string | null;
  signers: SignerDto[];
  signables: SignableDto[];
  email_templates: Record<string, { subject: string; template: string }>;
  initiator: { id: number; name: string } | null;
}

export const emailTemplateSchema = z
  .object({
    /** null: the default text (the company has no own version of it). */
    id: z.int().positive().nullable(),
    name: z.string(),
    label: z.string(),
    locale: z.string(),
    subject: z.string(),
    template: z.string(),
    merge_fields: z.array(z.string()),
  })
  .meta({
    examples: [
      {
        id: null,
        name: 'sign_request_to_signer',
        label: 'Uitnodiging aan ondertekenaar',
        locale: 'nl',
        subject: 'Verzoek tot ondertekening van [[company]]',
        template:
          '<p>[[content]]</p><p>[[link]]</p><p>Je kunt de documenten ondertekenen tot [[expires_at]].</p>',
        merge_fields: [
          '[[content]]',
          '[[link]]',
          '[[firstname]]',
          '[[lastname]]',
          '[[company]]',
          '[[expires_at]]',
        ],
      },
    ],
  });
export type EmailTemplateDto = z.infer<typeof emailTemplateSchema>;
