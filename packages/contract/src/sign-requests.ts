import { z } from 'zod';
import { messages } from './messages.ts';
import { booleanField, emailField, optionalString, requiredString } from './fields.ts';
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

const mergeFieldMessage = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(20000, messages.maxLength)
  .refine((v) => v.includes('[[content]]') || v.includes('[[link]]'), signingMessages.mergeFields);

export const mailTemplateOverride = z.object({
  subject: requiredString(255),
  template: z
    .string({ error: messages.required })
    .min(1, messages.required)
    .max(50000, messages.maxLength),
});

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
  department_id: z.coerce
    .number({ error: messages.required })
    .int()
    .positive(messages.required)
    .optional(),
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
  viewer_user_id: z.coerce.number().int().positive().nullish(),
  email_templates: z.partialRecord(z.enum(localeCodes), mailTemplateOverride).optional(),
});
export type CreateSignRequestBody = z.input<typeof createSignRequestBody>;

const signerFields = {
  firstname: requiredString(100),
  lastname: requiredString(100),
  email: emailField(),
  phone: optionalString(50),
  locale: z.enum(localeCodes, { error: messages.required }).default('nl'),
  verifications: z
    .array(z.coerce.number().pipe(z.union(verificationTypeIds.map((v) => z.literal(v)))), {
      error: signingMessages.verificationRequired,
    })
    .min(1, signingMessages.verificationRequired),
  idin_services: z.array(z.enum(idinServices)).optional(),
  reminder_after: z.coerce
    .number({ error: messages.required })
    .int(messages.required)
    .min(1, messages.min)
    .max(30, messages.max),
  max_reminders: z.coerce
    .number({ error: messages.required })
    .int(messages.required)
    .min(1, signingMessages.maxRemindersMin)
    .max(5, signingMessages.maxRemindersMax),
};

const phoneWhenSms = <T extends { verifications: number[]; phone?: string | null }>(s: T) =>
  !s.verifications.includes(2) || Boolean(s.phone);

/** POST /api/sign-requests/{id}/signers */
export const createSignerBody = z
  .object({
    ...signerFields,
    allow_form_edit: booleanField().optional().default(false),
    email_templates: z.partialRecord(z.enum(localeCodes), mailTemplateOverride).optional(),
  })
  .refine(phoneWhenSms, { message: messages.required, path: ['phone'] });
export type CreateSignerBody = z.input<typeof createSignerBody>;

/** PUT /api/sign-requests/{id}/update-signer: the signer id and the fields that change. */
export const updateSignerBody = z
  .object({
    signer_id: z.coerce.number({ error: messages.required }).int().positive(),
    ...signerFields,
  })
  .refine(phoneWhenSms, { message: messages.required, path: ['phone'] });
export type UpdateSignerBody = z.input<typeof updateSignerBody>;

export const viewerUserBody = z.object({ user_id: z.coerce.number().int().positive().nullable() });

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
    value: z.string().max(100),
  }),
  z.object({
    field: z.literal('signables'),
    operator: z.literal('like').optional(),
    value: z.string().max(100),
  }),
  z.object({
    field: z.literal('state_id'),
    operator: z.literal('in').optional(),
    value: z.array(z.coerce.number().int()).max(20),
  }),
]);
export type SignRequestFilter = z.infer<typeof signRequestFilter>;

/** The decoded `filters` list: at most ten items (built once, not per request). */
const signRequestFilters = z.array(signRequestFilter).max(10);

export const signRequestListQuery = z.object({
  page: z.coerce.number().int().min(1, messages.min).max(100000, messages.max).default(1),
  limit: z.coerce.number().int().min(1, messages.min).max(100, messages.max).default(PAGE_SIZE),
  order: z
    .string()
    .regex(/^(id|created_at|state_id),(asc|desc)$/, messages.invalidInput)
    .default('id,desc'),
  filters: z
    .string()
    .max(2000, messages.maxLength)
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return [];
      try {
        return signRequestFilters.parse(JSON.parse(raw));
      } catch {
        ctx.addIssue({ code: 'custom', message: messages.invalidInput });
        return z.NEVER;
      }
    }),
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
  signed_signable: { size: number; sha256: string } | null;
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

export interface EmailTemplateDto {
  id: number | null;
  name: string;
  label: string;
  locale: string;
  subject: string;
  template: string;
  merge_fields: string[];
}
