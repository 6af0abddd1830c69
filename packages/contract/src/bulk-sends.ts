import { z } from 'zod';
import { booleanField, idField, integerField, optionalString } from './fields.ts';
import { messages } from './messages.ts';
import { PAGE_SIZE } from './constants.ts';
import { paginatedSchema } from './responses.ts';

/**
 * Bulk send: one template, a file of rows, one ordinary sign request per row. The file's limits,
 * the states of a batch and of its rows, and the Dutch texts of every refusal.
 */
export const BULK_MAX_BYTES = 20 * 1024 * 1024;
export const BULK_MAX_ROWS = 10_000;
/** Rows shown as they will be sent in the preview. */
export const BULK_PREVIEW_ROWS = 10;

export const bulkSendStates = ['previewed', 'sending', 'done', 'cancelled'] as const;
export type BulkSendState = (typeof bulkSendStates)[number];
export const bulkRowStates = ['invalid', 'pending', 'sent', 'failed', 'cancelled'] as const;
export type BulkRowState = (typeof bulkRowStates)[number];

/** The per-signer columns of the file: `signer{n}_{field}` for each of the template's signers. */
export const bulkSignerFields = [
  'firstname',
  'lastname',
  'email',
  'phone',
  'locale',
  'verificatie',
] as const;

/**
 * What a `signer{n}_verificatie` cell may list (any case, several joined by `+`, `,`, `;`, `/`
 * or `|`): the wizard's methods by their Dutch names, as verification types. Empty: e-mail code.
 * The signature, and the paraph where the template places one, are always asked.
 */
export const bulkVerificationNames: Readonly<Record<string, number>> = {
  'e-mailcode': 1,
  'e-mail code': 1,
  'e-mail': 1,
  email: 1,
  'sms-code': 2,
  'sms code': 2,
  smscode: 2,
  sms: 2,
  idin: 4,
  handtekening: 5,
  paraaf: 6,
  'eu-wallet': 7,
  'eu wallet': 7,
  wallet: 7,
  'nl wallet': 7,
};
export const bulkSignerColumn = (n: number, field: (typeof bulkSignerFields)[number]) =>
  `signer${n}_${field}`;

export const bulkSendMessages = {
  fileTooLarge: 'Het bestand is te groot (maximaal 20 MB)',
  tooManyRows: 'Het bestand heeft te veel rijen (maximaal 10.000)',
  fileEmpty: 'Het bestand bevat geen rijen om te versturen',
  fileType: 'Upload een CSV-bestand (.csv) of een Excel-bestand (.xlsx)',
  fileUnreadable: 'Dit bestand kan niet gelezen worden: is het een geldig CSV- of Excel-bestand?',
  unknownColumn: (name: string) => `Onbekende kolom '${name}'`,
  missingColumn: (name: string) => `De kolom '${name}' ontbreekt`,
  duplicateColumn: (name: string) => `De kolom '${name}' staat er meer dan één keer in`,
  duplicateRow: (row: number) => `Deze ondertekenaar staat al in rij ${row}`,
  templateNotFound: 'Dit template bestaat niet',
  markerTooLong: 'Deze tekst is te lang (maximaal 1000 tekens)',
  verificationUnknown: (value: string) =>
    `Onbekende verificatie '${value}': kies uit e-mailcode, sms-code, iDIN, EU-wallet, handtekening en paraaf`,
  paraphNotPlaced: 'Het template vraagt deze ondertekenaar geen paraaf',
  phoneForSms: 'Vul een telefoonnummer in: deze ondertekenaar krijgt een sms-code',
  nothingToSend: 'Er zijn geen geldige rijen om te versturen',
  notEnoughCredits: (missing: number) =>
    `Je hebt niet voldoende credits voor deze bulkverzending: er ${missing === 1 ? 'ontbreekt 1 credit' : `ontbreken ${missing} credits`}.`,
  stateConflict: 'Deze actie is niet mogelijk in de huidige status van de bulkverzending',
  doneSubject: (name: string) => `Bulkverzending '${name}' is klaar`,
} as const;

/** POST /api/bulk-sends: the form fields besides the file. */
export const createBulkSendForm = z.object({
  template_id: idField(),
  subject: optionalString(255),
  message: optionalString(20000),
  expires_at: z.coerce.date({ error: messages.invalidInput }).optional(),
  is_sync: booleanField().optional().default(false),
});
export type CreateBulkSendForm = z.output<typeof createBulkSendForm>;

/** The same form as the OpenAPI document shows it (with the file). */
export const createBulkSendDocForm = z
  .object({
    file: z.file().describe('CSV (scheidingsteken , of ;, UTF-8) of Excel (.xlsx, eerste blad)'),
    template_id: z.string().describe('Het template dat elke rij krijgt'),
    subject: z.string().optional().describe('Onderwerp; een kolom subject gaat voor'),
    message: z.string().optional().describe('Bericht met [[link]]; een kolom message gaat voor'),
    expires_at: z.string().optional().describe('Vervaldatum (ISO 8601); standaard over 7 dagen'),
    is_sync: z.string().optional().describe('true: ondertekenaars tekenen op volgorde'),
  })
  .meta({
    examples: [
      { file: '(bestand personeel.csv)', template_id: '31', subject: 'Nieuwe arbeidsvoorwaarden' },
    ],
  });

export const bulkRowErrorSchema = z.object({
  row: z.int().min(1),
  column: z.string().nullable(),
  message: z.string(),
});
export type BulkRowError = z.infer<typeof bulkRowErrorSchema>;

const exampleBatch = {
  id: 12,
  template_id: 31,
  template_name: 'Arbeidsvoorwaarden 2027',
  filename: 'personeel.csv',
  state: 'sending',
  rows_total: 200,
  rows_valid: 199,
  rows_sent: 120,
  rows_failed: 0,
  credits_cost: 199,
  created_at: '2026-11-27T10:00:00.000Z',
  sent_at: '2026-11-27T10:02:00.000Z',
  finished_at: null,
} as const;

export const bulkSendSchema = z
  .object({
    id: z.int().positive(),
    template_id: z.int().positive().nullable(),
    template_name: z.string(),
    filename: z.string(),
    state: z.enum(bulkSendStates),
    rows_total: z.int().min(0),
    rows_valid: z.int().min(0),
    rows_sent: z.int().min(0),
    rows_failed: z.int().min(0),
    credits_cost: z.int().min(0),
    created_at: z.iso.datetime(),
    sent_at: z.iso.datetime().nullable(),
    finished_at: z.iso.datetime().nullable(),
  })
  .meta({ examples: [exampleBatch] });
export type BulkSendDto = z.infer<typeof bulkSendSchema>;

/** One row of the preview as it will be sent: the signers and the marker values. */
export const bulkPreviewRowSchema = z.object({
  row: z.int().min(1),
  subject: z.string(),
  signers: z.array(
    z.object({
      firstname: z.string(),
      lastname: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      locale: z.string(),
    }),
  ),
  values: z.record(z.string(), z.string()),
});
export type BulkPreviewRow = z.infer<typeof bulkPreviewRowSchema>;

export const bulkSendPreviewSchema = bulkSendSchema
  .extend({
    errors: z.array(bulkRowErrorSchema),
    preview: z.array(bulkPreviewRowSchema),
    columns: z.array(z.string()),
  })
  .meta({
    examples: [
      {
        ...exampleBatch,
        state: 'previewed',
        rows_sent: 0,
        sent_at: null,
        errors: [{ row: 7, column: 'signer1_email', message: 'Vul een geldig e-mailadres in' }],
        preview: [
          {
            row: 1,
            subject: 'Nieuwe arbeidsvoorwaarden',
            signers: [
              {
                firstname: 'Kees',
                lastname: 'Smit',
                email: 'kees@example.nl',
                phone: null,
                locale: 'nl',
              },
            ],
            values: { Functie: 'Bakker' },
          },
        ],
        columns: ['signer1_firstname', 'signer1_lastname', 'signer1_email', 'Functie'],
      },
    ],
  });
export type BulkSendPreviewDto = z.infer<typeof bulkSendPreviewSchema>;

/** GET /api/bulk-sends/{id}: the batch, its progress and the preview's errors. */
export const bulkSendDetailSchema = bulkSendSchema
  .extend({ errors: z.array(bulkRowErrorSchema), columns: z.array(z.string()) })
  .meta({
    examples: [
      {
        ...exampleBatch,
        errors: [{ row: 7, column: 'signer1_email', message: 'Vul een geldig e-mailadres in' }],
        columns: ['signer1_firstname', 'signer1_lastname', 'signer1_email', 'Functie'],
      },
    ],
  });
export type BulkSendDetailDto = z.infer<typeof bulkSendDetailSchema>;

export const bulkSendListSchema = paginatedSchema(bulkSendSchema);

export const bulkRowSchema = z
  .object({
    row: z.int().min(1),
    state: z.enum(bulkRowStates),
    sign_request_id: z.int().positive().nullable(),
    error: z.string().nullable(),
  })
  .meta({ examples: [{ row: 1, state: 'sent', sign_request_id: 4711, error: null }] });
export type BulkRowDto = z.infer<typeof bulkRowSchema>;
export const bulkRowListSchema = paginatedSchema(bulkRowSchema);

export const bulkListQuery = z.object({
  page: integerField({ min: 1, max: 100000 }).default(1),
  limit: integerField({ min: 1, max: 1000 }).default(PAGE_SIZE),
});
export type BulkListQuery = z.output<typeof bulkListQuery>;

export const bulkExampleQuery = z.object({ template_id: idField() });

/** GET /api/bulk-sends/{id}/result: the result CSV ('Resultaat downloaden'). */
export const bulkResultColumns = ['rij', 'status', 'ondertekening', 'fout'] as const;

export const bulkRowStateLabels: Record<BulkRowState, string> = {
  invalid: 'Ongeldig',
  pending: 'Wacht',
  sent: 'Verstuurd',
  failed: 'Mislukt',
  cancelled: 'Geannuleerd',
};
export const bulkSendStateLabels: Record<BulkSendState, string> = {
  previewed: 'Voorbeeld',
  sending: 'Bezig met versturen',
  done: 'Klaar',
  cancelled: 'Geannuleerd',
};
