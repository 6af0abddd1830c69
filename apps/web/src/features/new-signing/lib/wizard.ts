import dayjs from 'dayjs';
import {
  createSignRequestBody,
  createSignerBody,
  defaultIdinServices,
  defaultWalletAttributes,
  DEFAULT_LOCALE,
  detectedPlacements,
  parseGeneratedValue,
  signersWithoutSignatureMarker,
  signingMessages,
  type Company,
  type CreateSignerBody,
  type CreateSignRequestBody,
  type DetectedMarker,
  type EmailTemplateDto,
  type Variable,
  type MarkerConfig,
  type PaymentPlanPrice,
  type SignerRole,
  type TemplateSignerRouting,
} from '@paraaf/contract';
import {
  countMarkers,
  emptyMarkerConfig,
  encodeMarkerForm,
  encodeRejectedSuggestions,
  highestSigner,
  type EditorSigner,
} from '../../../components/marker-editor';
import {
  defaultVerifications,
  verificationOptions,
  verificationsForRole,
  verificationTypes,
} from '../../../components/signer-verification-fields';
import { zodErrors } from '../../../lib/form';
import { formatEuro, fromZonedWallTime, zonedParts } from '../../../lib/format';
import { texts } from '../texts';

/**
 * The wizard's rules as plain functions (seed 000 §2, §4, §5): what a step needs before Volgende,
 * when the send button unlocks, and the bodies of the creation calls. The screen only renders.
 */

export const SIGN_REQUEST_TEMPLATE = 'sign_request_to_signer';
/** Expiry picker format (seed 000 §9) and the string the picker hands back. */
export const EXPIRY_FORMAT = 'YYYY-MM-DD HH:mm';
const PICKER_VALUE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export { verificationTypes };

/** A signer as the form holds it: checkbox groups hold strings, number inputs may hold ''. */
export interface SignerValues {
  /** Client-side identity for React lists; never sent. */
  key: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  locale: string;
  verifications: string[];
  idin_services: string[];
  wallet_attributes: string[];
  reminder_after: number | string;
  max_reminders: number | string;
  /** The step (same number: in parallel); left out in a draft saved before steps existed: 1. */
  routing_order?: number;
  /** 'signer' when left out. */
  role?: SignerRole;
  /** A cc mailed when the request is sent; off when left out. */
  notify_on_send?: boolean;
}

export interface CustomFieldValues {
  name: string;
  description: string | null;
  required: boolean;
  value: string;
}

export interface SettingsValues {
  /** As the DateTimePicker gives it: 'YYYY-MM-DD HH:mm:ss' in the browser's time zone. */
  expires_at: string | null;
  /** '' for none (the select's empty option). */
  department_id: string;
  subject: string;
  message: string;
  send_documents_to_initiator: boolean;
  emails: string[];
  custom_fields: CustomFieldValues[];
  /** '' for no viewer user. */
  viewer_user_id: string;
  /** Chosen e-mail template per signer locale: a template key (see templateKey), '' for none. */
  email_templates: Record<string, string>;
}

export interface WizardValues {
  signers: SignerValues[];
  is_sync: boolean;
  /** Signers may hand the request over to someone else (left out in older drafts: no). */
  allow_delegation?: boolean;
  settings: SettingsValues;
}

/** A document on step 2: the original file, the PDF the server made of it, and its markers. */
export interface DocumentItem {
  key: string;
  file: File;
  pdf: Blob | null;
  pages: number | null;
  status: 'converting' | 'ready';
  /** Markers and signer input fields placed in the marker editor. */
  config: MarkerConfig;
  /** The PDF has AcroForm fields (X-Has-Acroforms). */
  hasAcroforms: boolean;
  /** settings[forms_enabled]: the first signer fills the PDF's form fields (on by default). */
  formsEnabled: boolean;
  /** Where the server found signing places (POST /api/upload-file/detected-markers). */
  detected?: DetectedMarker[];
}

/** A document being uploaded, before the server has converted it. */
export function newDocument(file: File): DocumentItem {
  return {
    key: nextKey('document'),
    file,
    pdf: null,
    pages: null,
    status: 'converting',
    config: emptyMarkerConfig(),
    hasAcroforms: false,
    formsEnabled: true,
    detected: [],
  };
}

/** What the template picker hands over ('Document toevoegen vanuit template'). */
export interface TemplatePick {
  name: string;
  pdf: Blob;
  pages: number;
  hasAcroforms: boolean;
  config: MarkerConfig;
  /** Step, role and mail at sending per placeholder signer (n: the request's signer n). */
  signerRouting: TemplateSignerRouting[];
}

/**
 * A ready document from a template: its PDF with its markers. Placeholder signer n of the
 * template is the request's signer n, so the markers are taken over as they are.
 */
export function documentFromTemplate(pick: TemplatePick): DocumentItem {
  const file = new File([pick.pdf], `${pick.name}.pdf`, { type: 'application/pdf' });
  return {
    ...newDocument(file),
    pdf: pick.pdf,
    pages: pick.pages,
    status: 'ready',
    config: {
      variables: pick.config.variables.map((v) => ({ ...v, options: { ...v.options } })),
      fields: pick.config.fields.map((f) => ({
        ...f,
        options: { ...f.options, rules: [...(f.options.rules ?? [])] },
      })),
    },
    hasAcroforms: pick.hasAcroforms,
  };
}

/** What the rules need to know about the company. */
export interface WizardContext {
  maxSigners: number;
  idinEnabled: boolean;
  walletEnabled: boolean;
  /** The department select shows (and is required) unless there is exactly one department. */
  showDepartment: boolean;
  now: Date;
}

export function wizardContext(company: Company | undefined, now = new Date()): WizardContext {
  return {
    // A second signer is a plan feature (seed 001 §6): without it the add button goes.
    maxSigners: company?.features.includes('multiple_signers') ? company.max_signers : 1,
    idinEnabled: !!company?.features.includes('idin_verification'),
    walletEnabled: !!company?.features.includes('wallet_verification'),
    showDepartment: (company?.departments.length ?? 0) !== 1,
    now,
  };
}

let keySeq = 0;
/** Unique across page loads too: a draft restored after a reload keeps its keys. */
const loadId = Math.random().toString(36).slice(2, 10);
export const nextKey = (prefix: string) => `${prefix}-${loadId}-${++keySeq}`;

/** A blank signer with the defaults of seed 000 §9. */
export function newSigner(): SignerValues {
  return {
    key: nextKey('signer'),
    firstname: '',
    lastname: '',
    email: '',
    phone: '',
    locale: DEFAULT_LOCALE,
    // E-mail and Handtekening: what a first-time sender means by "sign" (issue: signing experience).
    verifications: defaultVerifications(),
    idin_services: [...defaultIdinServices],
    wallet_attributes: [...defaultWalletAttributes],
    reminder_after: 3,
    max_reminders: 5,
    routing_order: 1,
    role: 'signer',
  };
}

/**
 * The signer with another role: an approver or a cc puts no signature or paraaf (those checks go,
 * the e-mail code stays at least), a cc verifies nothing but its address.
 */
export function withRole(s: SignerValues, role: SignerRole): SignerValues {
  return { ...s, role, verifications: verificationsForRole(s.verifications, role) };
}

/**
 * A picked template's steps, roles and verifications on the wizard's signers: placeholder signer
 * n is signer n. Verifications the company's plan does not offer are left out; signers the
 * template says nothing of, or verifications it does not set, stay as they are.
 */
export function applyTemplateRouting(
  signers: SignerValues[],
  routing: readonly TemplateSignerRouting[],
  ctx: Pick<WizardContext, 'idinEnabled' | 'walletEnabled'>,
): SignerValues[] {
  return signers.map((s, i) => {
    const r = routing.find((x) => x.signer === i + 1);
    if (!r) return s;
    const offered = verificationOptions({
      idin: ctx.idinEnabled,
      wallet: ctx.walletEnabled,
      signs: r.role === 'signer',
    }).map(String);
    const asked = (r.verifications ?? []).map(String).filter((v) => offered.includes(v));
    const wallet = asked.includes(String(verificationTypes.wallet));
    return {
      ...withRole(asked.length > 0 ? { ...s, verifications: asked } : s, r.role),
      ...(wallet && r.wallet_attributes ? { wallet_attributes: [...r.wallet_attributes] } : {}),
      routing_order: r.routing_order,
      notify_on_send: r.role === 'cc' && (r.notify_on_send ?? false),
    };
  });
}

/** Whether this signer puts a signature or paraaf: an approver or a cc does not. */
export function signsDocuments(s: Pick<SignerValues, 'role'>): boolean {
  return (s.role ?? 'signer') === 'signer';
}

/**
 * The steps of the wizard's signers, lowest first, each with the indexes of its signers
 * (`is_sync`: every signer its own step, in order).
 */
export function signerSteps(values: Pick<WizardValues, 'signers' | 'is_sync'>) {
  const steps = new Map<number, number[]>();
  values.signers.forEach((s, index) => {
    const step = values.is_sync ? index + 1 : (s.routing_order ?? 1);
    steps.set(step, [...(steps.get(step) ?? []), index]);
  });
  return [...steps.entries()]
    .sort(([a], [b]) => a - b)
    .map(([step, indexes]) => ({ step, indexes }));
}

/** Default expiry: one week from now, as the picker value (Amsterdam's wall clock). */
export function defaultExpiry(now = new Date()): string {
  const p = zonedParts(new Date(now.getTime() + 7 * 24 * 3600_000));
  return dayjs(new Date(p.year, p.month - 1, p.day, p.hour, p.minute, 0)).format(
    PICKER_VALUE_FORMAT,
  );
}

/** The picker's value ('YYYY-MM-DD HH:mm[:ss]', Amsterdam's wall clock) as an instant. */
export function parseExpiry(value: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value ?? '');
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return fromZonedWallTime(year, month, day, hour, minute, second);
}

export function initialSettings(
  company: Company | undefined,
  defaults: { subject: string; message: string },
  now = new Date(),
): SettingsValues {
  const departments = company?.departments ?? [];
  return {
    expires_at: defaultExpiry(now),
    department_id: departments.length === 1 ? String(departments[0]!.id) : '',
    subject: defaults.subject,
    message: defaults.message,
    send_documents_to_initiator: true,
    emails: [],
    custom_fields: companyCustomFields(company),
    viewer_user_id: '',
    email_templates: {},
  };
}

/** Custom fields, when the company payload carries them (not every API version does). */
function companyCustomFields(company: Company | undefined): CustomFieldValues[] {
  const raw = (company as { custom_fields?: unknown } | undefined)?.custom_fields;
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((f): f is { name: string } => !!f && typeof (f as { name?: unknown }).name === 'string')
    .map((f) => {
      const field = f as { name: string; description?: unknown; required?: unknown };
      return {
        name: field.name,
        description: typeof field.description === 'string' ? field.description : null,
        required: field.required === true,
        value: '',
      };
    });
}

/**
 * The subject and message the form starts with: the company's default invitation when it is a
 * plain message with [[link]] (it then cannot already wrap [[content]]), else a Dutch default.
 */
export function initialMessage(
  companyName: string,
  defaults: EmailTemplateDto[] | undefined,
): { subject: string; message: string } {
  const nl = defaults?.find((t) => t.name === SIGN_REQUEST_TEMPLATE && t.locale === 'nl');
  const suitableMessage =
    !!nl &&
    nl.template.includes('[[link]]') &&
    !nl.template.includes('[[content]]') &&
    !/<[a-z][\s\S]*>/i.test(nl.template);
  const suitableSubject = !!nl && nl.subject.trim() !== '' && !nl.subject.includes('[[');
  return {
    subject: suitableSubject ? nl.subject : texts.settings.defaultSubject(companyName),
    message: suitableMessage ? nl.template : texts.settings.defaultMessage(companyName),
  };
}

// ------------------------------------------------------------------------------------ signers

const hasVerification = (s: SignerValues, type: number) => s.verifications.includes(String(type));

/** A signer counts as filled in only with e-mail, firstname and lastname (seed 000 §5). */
export function isSignerFilled(s: SignerValues): boolean {
  return s.email.trim() !== '' && s.firstname.trim() !== '' && s.lastname.trim() !== '';
}

/** The add-signer button: only on the first signer and while below company.max_signers. */
export function canAddSigner(index: number, count: number, maxSigners: number): boolean {
  return index === 0 && count < maxSigners;
}

const toNumber = (v: number | string) => (v === '' ? v : Number(v));

/** POST /api/sign-requests/{id}/signers body; phone and iDIN services only with their method. */
export function buildSignerBody(
  s: SignerValues,
  emailTemplates?: CreateSignerBody['email_templates'],
  allowFormEdit = false,
): CreateSignerBody {
  const sms = hasVerification(s, verificationTypes.sms);
  const idin = hasVerification(s, verificationTypes.idin);
  // An approver or a cc signs nothing: only its code steps count (at least the e-mail code).
  const signs = signsDocuments(s);
  const chosen = s.verifications
    .map(Number)
    .filter(
      (v) => signs || (v !== verificationTypes.signature && v !== verificationTypes.initials),
    );
  const wallet = hasVerification(s, verificationTypes.wallet);
  return {
    routing_order: s.routing_order ?? 1,
    role: s.role ?? 'signer',
    // Only a cc is told of the sending.
    notify_on_send: s.role === 'cc' && (s.notify_on_send ?? false),
    firstname: s.firstname,
    lastname: s.lastname,
    email: s.email,
    phone: sms ? s.phone : null,
    locale: s.locale as CreateSignerBody['locale'],
    verifications: chosen.length > 0 || signs ? chosen : [verificationTypes.email],
    ...(idin ? { idin_services: s.idin_services as CreateSignerBody['idin_services'] } : {}),
    ...(wallet
      ? { wallet_attributes: s.wallet_attributes as CreateSignerBody['wallet_attributes'] }
      : {}),
    reminder_after: toNumber(s.reminder_after),
    max_reminders: toNumber(s.max_reminders),
    // Only the first signer, and only when a document's PDF form fields are turned on.
    allow_form_edit: allowFormEdit ? 'true' : 'false',
    ...(emailTemplates && Object.keys(emailTemplates).length > 0
      ? { email_templates: emailTemplates }
      : {}),
  };
}

/** Field errors of one signer, keyed by the signer's field name. */
export function signerErrors(
  s: SignerValues,
  ctx: Pick<WizardContext, 'idinEnabled'> & Partial<Pick<WizardContext, 'walletEnabled'>>,
) {
  const errors = zodErrors(createSignerBody, buildSignerBody(s));
  if (!ctx.idinEnabled && hasVerification(s, verificationTypes.idin)) {
    errors.verifications ??= signingMessages.idinNotAvailable;
  }
  if (!ctx.walletEnabled && hasVerification(s, verificationTypes.wallet)) {
    errors.verifications ??= signingMessages.walletNotAvailable;
  }
  if (hasVerification(s, verificationTypes.idin) && s.idin_services.length === 0) {
    errors.idin_services ??= texts.required;
  }
  return errors;
}

/** Errors of step 1 as form paths (`signers.0.email`). */
export function signersStepErrors(values: WizardValues, ctx: WizardContext) {
  const errors: Record<string, string> = {};
  values.signers.forEach((s, i) => {
    for (const [field, message] of Object.entries(signerErrors(s, ctx))) {
      errors[`signers.${i}.${field}`] = message;
    }
  });
  return errors;
}

/** The signer fields in the order the card shows them, for naming what is missing. */
const signerFieldOrder = [
  'firstname',
  'lastname',
  'email',
  'locale',
  'verifications',
  'phone',
  'idin_services',
  'reminder_after',
  'max_reminders',
] as const;

/**
 * What is still wrong on each signer card, named by card and field ("Ondertekenaar 2: vul de
 * achternaam in"): one line per card, the empty fields together, then each invalid field.
 */
export function signerProblems(values: WizardValues, ctx: Pick<WizardContext, 'idinEnabled'>) {
  const problems: string[] = [];
  values.signers.forEach((s, i) => {
    const errors = signerErrors(s, ctx);
    const empty: string[] = [];
    const invalid: string[] = [];
    for (const field of signerFieldOrder) {
      const message = errors[field];
      const value: unknown = s[field];
      const blank = Array.isArray(value) ? value.length === 0 : String(value).trim() === '';
      const asked = field !== 'phone' || hasVerification(s, verificationTypes.sms);
      const emptyText = texts.signerProblems.empty[field];
      const chooseText = texts.signerProblems.choose[field];
      if (emptyText && asked && blank) empty.push(emptyText);
      else if (chooseText && blank && message) invalid.push(chooseText);
      else if (message) invalid.push(texts.signerProblems.invalid(field, message));
    }
    const parts = [...(empty.length > 0 ? [texts.signerProblems.fillIn(empty)] : []), ...invalid];
    if (parts.length > 0) problems.push(`${texts.signer.heading(i + 1)}: ${parts.join('; ')}`);
  });
  return problems;
}

/** Volgende on step 1: at least one signer, all valid, no more than the company allows. */
export function isSignersStepValid(values: WizardValues, ctx: WizardContext): boolean {
  return (
    values.signers.length > 0 &&
    values.signers.length <= ctx.maxSigners &&
    values.signers.every(isSignerFilled) &&
    Object.keys(signersStepErrors(values, ctx)).length === 0
  );
}

// ---------------------------------------------------------------------------------- documents

/**
 * Volgende on step 2: at least one document, none still being converted, and no markers for a
 * signer who is no longer there (a signer removed after the markers were placed).
 */
export function isDocumentsStepValid(
  documents: DocumentItem[],
  signerCount = Number.POSITIVE_INFINITY,
): boolean {
  return (
    documents.length > 0 &&
    documents.every((d) => d.status === 'ready') &&
    documentsWithMissingSigners(documents, signerCount).length === 0
  );
}

/** Documents whose markers refer to a signer number beyond the current signers. */
export function documentsWithMissingSigners(
  documents: DocumentItem[],
  signerCount: number,
): DocumentItem[] {
  return documents.filter((d) => highestSigner(d.config) > signerCount);
}

/** Any document with signer input fields (seed 000 §2: sequential signing is then locked on). */
export function hasInputFields(documents: DocumentItem[]): boolean {
  return documents.some((d) => d.config.fields.length > 0);
}

/** Any document whose PDF form fields the first signer fills (seed 000 §2). */
export function hasFormsEnabled(documents: DocumentItem[]): boolean {
  return documents.some((d) => d.hasAcroforms && d.formsEnabled);
}

/** The sequential option cannot be turned off: input fields or PDF form fields are in play. */
export function isSyncLocked(documents: DocumentItem[]): boolean {
  return hasInputFields(documents) || hasFormsEnabled(documents);
}

/** allow_form_edit for the signer at `index`: only the first, only with forms turned on. */
export function allowsFormEdit(index: number, documents: DocumentItem[]): boolean {
  return index === 0 && hasFormsEnabled(documents);
}

/** 'Markers instellen' count badge. */
export const markerCount = (doc: DocumentItem) => countMarkers(doc.config);

/** The signers as the marker editor shows them: 'firstname lastname', else 'Ondertekenaar n'. */
export function editorSigners(signers: SignerValues[]): EditorSigner[] {
  return signers.map((s, i) => ({
    position: i + 1,
    label: `${s.firstname.trim()} ${s.lastname.trim()}`.trim() || texts.signer.heading(i + 1),
    verifications: s.verifications.map(Number),
  }));
}

/** A document's display name: the file name without its extension. */
export function documentName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName).slice(0, 255);
}

/**
 * POST /api/sign-requests/{id}/signables body. The file sent is the PDF the server already made
 * on step 2 (what the sender previewed is what is signed, and a DOCX is not converted twice);
 * `filename` keeps the name the sender uploaded.
 */
export function buildSignableForm(doc: DocumentItem): FormData {
  const form = new FormData();
  const name = documentName(doc.file.name);
  const pdf = doc.pdf ?? doc.file;
  form.append('file', new File([pdf], `${name}.pdf`, { type: 'application/pdf' }));
  form.append('name', name);
  form.append('filename', doc.file.name);
  form.append('type', '1');
  form.append('settings[forms_enabled]', doc.hasAcroforms && doc.formsEnabled ? '1' : '0');
  encodeMarkerForm(form, doc.config);
  encodeRejectedSuggestions(form, doc.detected);
  return form;
}

// ----------------------------------------------------------------------------------- settings

/** The e-mail templates a locale may choose from: company and default invitations. */
export function templateKey(t: EmailTemplateDto): string {
  return t.id === null ? `default:${t.locale}` : String(t.id);
}

export function invitationTemplates(templates: EmailTemplateDto[], locale: string) {
  const seen = new Set<string>();
  return templates.filter((t) => {
    const key = templateKey(t);
    if (t.name !== SIGN_REQUEST_TEMPLATE || t.locale !== locale || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The locales the signers use, in order of first use. */
export function signerLocales(signers: SignerValues[]): string[] {
  return [...new Set(signers.map((s) => s.locale))];
}

/** Chosen templates resolved to their subject and text, only for locales a signer uses. */
export function chosenTemplates(
  values: WizardValues,
  templates: EmailTemplateDto[],
): Record<string, { subject: string; template: string }> {
  const out: Record<string, { subject: string; template: string }> = {};
  for (const locale of signerLocales(values.signers)) {
    const key = values.settings.email_templates[locale];
    const t = key ? templates.find((x) => templateKey(x) === key) : undefined;
    if (t) out[locale] = { subject: t.subject, template: t.template };
  }
  return out;
}

/** POST /api/sign-requests body (seed 000 §7): is_sync as a string, custom fields only with a value. */
export function buildSignRequestBody(
  values: WizardValues,
  ctx: Pick<WizardContext, 'showDepartment'>,
  templates: EmailTemplateDto[] = [],
  documents: DocumentItem[] = [],
): CreateSignRequestBody {
  const s = values.settings;
  const expires = parseExpiry(s.expires_at);
  const mailTemplates = chosenTemplates(values, templates);
  return {
    ...(s.department_id ? { department_id: Number(s.department_id) } : {}),
    expires_at: expires ? expires.toISOString() : '',
    subject: s.subject,
    message: s.message,
    // Forced on with PDF form fields; locked on with input fields when there are several signers.
    is_sync:
      hasFormsEnabled(documents) ||
      (values.signers.length > 1 && (values.is_sync || hasInputFields(documents)))
        ? 'true'
        : 'false',
    allow_delegation: values.allow_delegation ? 'true' : 'false',
    send_documents_to_initiator: s.send_documents_to_initiator,
    emails: s.emails,
    custom_fields: s.custom_fields
      .filter((f) => f.value.trim() !== '')
      .map((f) => ({
        name: f.name,
        description: f.description,
        required: f.required,
        value: f.value.trim(),
      })),
    viewer_user_id: s.viewer_user_id ? Number(s.viewer_user_id) : null,
    ...(Object.keys(mailTemplates).length > 0 ? { email_templates: mailTemplates } : {}),
  };
}

/** A signer's templates: its own locale's choice, else the Dutch one (seed 000 §7). */
export function signerTemplates(
  signer: SignerValues,
  requestTemplates: CreateSignRequestBody['email_templates'],
): CreateSignerBody['email_templates'] {
  const chosen = requestTemplates?.[signer.locale as 'nl'] ?? requestTemplates?.nl;
  return chosen ? { [signer.locale]: chosen } : undefined;
}

/**
 * The merge fields the sender may use in the message: what the server fills in for each signer
 * (lib/mail/signer-mails.ts) and the signer page shows. [[content]] is not offered: the message
 * is itself the content, and the server leaves a [[content]] in it out.
 */
export const messageMergeFields = ['link', 'firstname', 'lastname', 'company'] as const;
export type MessageMergeField = (typeof messageMergeFields)[number];

/** `text` with `[[field]]` put over the selection start..end, and where the cursor goes after. */
export function insertMergeField(
  text: string,
  start: number,
  end: number,
  field: MessageMergeField,
): { value: string; cursor: number } {
  const token = `[[${field}]]`;
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { value: text.slice(0, from) + token + text.slice(to), cursor: from + token.length };
}

/** Errors of step 3 as form paths (`settings.subject`). */
export function settingsErrors(values: WizardValues, ctx: WizardContext): Record<string, string> {
  const s = values.settings;
  const errors: Record<string, string> = {};
  const body = buildSignRequestBody(values, ctx);
  for (const [path, message] of Object.entries(zodErrors(createSignRequestBody, body))) {
    const [field, index] = path.split('.');
    if (field === 'custom_fields') continue; // checked below against the form's own list
    if (field === 'emails' && index !== undefined) {
      errors['settings.emails'] ??= `${s.emails[Number(index)] ?? ''}: ${message}`;
      continue;
    }
    errors[`settings.${field}`] ??= message;
  }
  const expires = parseExpiry(s.expires_at);
  if (!expires) {
    errors['settings.expires_at'] = texts.required;
  } else if (expires.getTime() <= ctx.now.getTime()) {
    errors['settings.expires_at'] = texts.expiresAfterNow;
  }
  if (ctx.showDepartment && !s.department_id) errors['settings.department_id'] = texts.required;
  s.custom_fields.forEach((f, i) => {
    if (f.required && f.value.trim() === '')
      errors[`settings.custom_fields.${i}.value`] = texts.required;
    else if (f.value.trim().length > 255)
      errors[`settings.custom_fields.${i}.value`] = texts.maxLength;
  });
  return errors;
}

/** Why the send button is still locked (seed 000 §2 hints); empty when it may send. */
export function sendHints(values: WizardValues, documents: DocumentItem[]): string[] {
  const hints: string[] = [];
  if (values.signers.length === 0 || !values.signers.every(isSignerFilled))
    hints.push(texts.noSigners);
  if (documents.filter((d) => d.status === 'ready').length === 0) hints.push(texts.noDocuments);
  return hints;
}

/**
 * The signers who sign (Handtekening) but have no signature marker on any document yet, and
 * what sending does for each, as the server will: a signer with no marker at all gets the
 * signature found on upload (contract detectedPlacements), named by its place; otherwise the
 * signature goes to the foot of the last page (contract autoMarkers).
 */
export function signersWithoutSignatureField(
  values: WizardValues,
  documents: DocumentItem[],
): { name: string; found: Variable | null }[] {
  const signers = values.signers.map((s, i) => ({
    position: i + 1,
    verifications: s.verifications.map(Number),
  }));
  const docs = documents.map((d) => ({
    pages: [],
    config: d.config,
    detectedMarkers: d.detected ?? [],
  }));
  const placed = detectedPlacements(docs, signers).flat();
  return signersWithoutSignatureMarker(docs, signers).map((p) => {
    const s = values.signers[p - 1]!;
    const signature = placed.find((m) => {
      const ref = parseGeneratedValue(m.value);
      return ref?.signer === p && ref.kind === 'signature';
    });
    return {
      name: `${s.firstname} ${s.lastname}`.trim() || texts.signer.heading(p),
      found: signature ?? null,
    };
  });
}

/** The label a step-3 field has on the screen, for naming its error in the footer. */
function settingsFieldLabel(path: string, values: WizardValues): string {
  const [, field, index] = path.split('.');
  if (field === 'custom_fields') return values.settings.custom_fields[Number(index)]?.name ?? '';
  const labels: Record<string, string> = {
    expires_at: texts.settings.expiresAt,
    department_id: texts.settings.department,
    subject: texts.settings.subject,
    message: texts.settings.message,
    emails: texts.settings.emails,
    viewer_user_id: texts.settings.viewerUser,
  };
  return labels[field ?? ''] ?? field ?? '';
}

/**
 * Every reason Verzenden is locked, as the footer names them: the seed's hints, what is wrong on
 * each signer card, documents not ready or with markers of a removed signer, and each field of
 * step 3 with its error ('Bedrijfsnaam: Dit veld is verplicht'). Empty exactly when it may send.
 */
export function sendBlockers(
  values: WizardValues,
  documents: DocumentItem[],
  ctx: WizardContext,
): string[] {
  const blockers = sendHints(values, documents);
  if (!isSignersStepValid(values, ctx)) {
    const problems = signerProblems(values, ctx);
    if (problems.length > 0) blockers.push(...problems);
    else if (values.signers.length > ctx.maxSigners)
      blockers.push(texts.signer.maxReached(ctx.maxSigners));
    else if (!blockers.includes(texts.noSigners)) blockers.push(texts.signer.fixErrors);
  }
  const missing = documentsWithMissingSigners(documents, values.signers.length);
  if (missing.length > 0)
    blockers.push(texts.documents.missingSigners(missing.map((d) => d.file.name).join(', ')));
  const converting = documents.filter((d) => d.status !== 'ready');
  if (converting.length > 0 && !blockers.includes(texts.noDocuments))
    blockers.push(...converting.map((d) => texts.documents.converting(d.file.name)));
  // Step 3's fields in the order the screen shows them.
  const order = ['expires_at', 'department_id', 'subject', 'message', 'emails', 'viewer_user_id'];
  const rank = (path: string) => {
    const at = order.indexOf(path.split('.')[1] ?? '');
    return at === -1 ? order.length : at;
  };
  for (const [path, message] of Object.entries(settingsErrors(values, ctx)).sort(
    ([a], [b]) => rank(a) - rank(b),
  ))
    blockers.push(`${settingsFieldLabel(path, values)}: ${message}`);
  return blockers;
}

export function canSend(
  values: WizardValues,
  documents: DocumentItem[],
  ctx: WizardContext,
): boolean {
  return sendBlockers(values, documents, ctx).length === 0;
}

// ------------------------------------------------------------------------------------- prices

const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

/** '1 credit', '€ 0,15', '1 credit + € 0,15' or 'gratis' (seed 000 §9: amounts from the plan). */
export function priceText(creditsPrice: number, eurosPrice: number): string {
  const parts: string[] = [];
  if (creditsPrice > 0) parts.push(credits(creditsPrice));
  if (eurosPrice > 0) parts.push(formatEuro(eurosPrice));
  return parts.length > 0 ? parts.join(' + ') : texts.prices.free;
}

export function planPrices(plan: PaymentPlanPrice | undefined) {
  return {
    sms: priceText(plan?.sms_credits_price ?? 0, plan?.sms_euros_price ?? 0),
    idin: priceText(plan?.idin_credits_price ?? 0, plan?.idin_euros_price ?? 0),
    wallet: priceText(plan?.wallet_credits_price ?? 0, plan?.wallet_euros_price ?? 0),
  };
}

/** What sending will cost in credits: one per signer plus the plan's SMS, iDIN and wallet prices. */
export function estimatedCredits(
  signers: SignerValues[],
  plan: PaymentPlanPrice | undefined,
): number {
  // A cc costs nothing.
  return signers.reduce(
    (sum, s) =>
      s.role === 'cc'
        ? sum
        : sum +
          1 +
          (hasVerification(s, verificationTypes.sms) ? (plan?.sms_credits_price ?? 0) : 0) +
          (hasVerification(s, verificationTypes.idin) ? (plan?.idin_credits_price ?? 0) : 0) +
          (hasVerification(s, verificationTypes.wallet) ? (plan?.wallet_credits_price ?? 0) : 0),
    0,
  );
}
