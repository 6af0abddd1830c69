import { z } from 'zod';
import { messages } from './messages.ts';
import { idField, integerField, text } from './fields.ts';

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

export const signingStepTypes = ['email', 'sms', 'idin', 'signature', 'paraph', 'fields'] as const;
export type SigningStepType = (typeof signingStepTypes)[number];

export interface SigningMarker {
  /** Index in the signable's config.variables (markers) or config.fields (input fields). */
  index: number;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SigningField extends SigningMarker {
  type: 'text' | 'checkbox';
  required: boolean;
  value: string | null;
}

export interface SigningDocument {
  id: number;
  name: string;
  page_count: number;
  /** Page sizes in PDF points. Marker coordinates are PDF points from the page's top-left. */
  pages: { width: number; height: number }[];
  /** Where this signer's drawn signature and initials will be stamped. */
  signature_markers: SigningMarker[];
  paraph_markers: SigningMarker[];
  /** This signer's input fields. */
  fields: SigningField[];
  /**
   * The PDF's own form fields (AcroForm), only for the signer allowed to edit forms on a
   * document whose forms are enabled; else []. Saved with PUT /api/signing/{token}/form-fields.
   */
  form_fields: SigningFormField[];
}

/** A field of the PDF's own form, with where its widgets are (PDF points from the top-left). */
export interface SigningFormField {
  /** Fully qualified field name: the key when saving. */
  name: string;
  kind: 'text' | 'checkbox' | 'radio' | 'dropdown' | 'optionlist';
  /** One per place the field shows; a radio button's widget carries the option it selects. */
  widgets: {
    page: number;
    x: number;
    y: number;
    width: number;
    height: number;
    option?: string;
  }[];
  /** Choices of a radio group, dropdown or option list. */
  options: string[];
  /** What this signer saved, else the PDF's value: text, 'true'/'false', or an option. */
  value: string | null;
  read_only: boolean;
  required: boolean;
  multiline: boolean;
  max_length: number | null;
}

export interface SigningPage {
  status: SigningStatus;
  locale: 'nl' | 'en' | 'de' | 'fr';
  company: { name: string; logo_url: string | null };
  sign_request: {
    id: number;
    subject: string;
    message: string;
    expires_at: string;
    state_id: number;
    is_sync: boolean;
    sender_name: string | null;
  };
  signer: {
    id: number;
    firstname: string;
    lastname: string;
    email: string;
    /** e.g. '06••••••78'; null without SMS. */
    phone_masked: string | null;
    state_id: number;
  };
  /** Only the steps chosen for this signer, in the order the page walks them. */
  steps: { type: SigningStepType; done: boolean }[];
  documents: SigningDocument[];
  /**
   * Whether this signer has a drawn signature / initials stored, to show again on the markers
   * after a reload: GET /api/signing/{token}/drawings/{signature|paraph} returns the PNG.
   */
  drawings: { signature: boolean; paraph: boolean };
  /** iDIN attributes shared after a successful check (shown back to the signer). */
  idin: { status: 'none' | 'started' | 'failed' | 'verified'; attributes: Record<string, string> };
  /**
   * Until when (ISO time) a code sent by e-mail / SMS can still be entered, else null: after a
   * reload the page shows the code input instead of asking for a new code. Never the code itself.
   */
  pending_codes: { email: string | null; sms: string | null };
  /** The platform's terms and privacy statement, linked beside the consent to sign. */
  legal: { terms_url: string; privacy_url: string };
}

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

/** Dutch texts of the signer API (the page shows its own translations by status). */
export const signerApiMessages = {
  invalidLink: 'Deze link is ongeldig',
  replaced: 'Deze link is vervangen door een nieuwere e-mail',
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
  signature: 'handtekening',
  paraph: 'paraaf',
  fields: 'invulvelden',
};
