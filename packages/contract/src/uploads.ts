import { z } from 'zod';
import { idField, integerField } from './fields.ts';
import { signerFieldTypes } from './signer-fields.ts';

/**
 * The multipart/form-data bodies of the uploads, for the API's documentation. The server reads
 * them with its own decoder (apps/api lib/multipart-form.ts) and checks the fields with
 * the schemas of the sign request and template modules.
 */

const uploadFile = () =>
  z
    .file()
    .describe('Het document: PDF, Word (.docx, .doc, .odt) of een afbeelding; hoogstens 25 MB');

const markersText =
  'Markers als formuliervelden: `variables[0][x]`, `[y]`, `[width]`, `[height]`, `[page]`, ' +
  '`[type]` (text, date, checkbox_checked, generated), `[value]` en `[options][…]`; invoervelden ' +
  'van ondertekenaars als `fields[0][…]` met `[type]` (' +
  signerFieldTypes.join(', ') +
  '), `[options][signer]`, `[options][rules][]` en de opties van het type (`[options][choices][]`, ' +
  '`[options][condition][field]`, `[options][formula]`, …). Posities in PDF-punten vanaf linksboven, ' +
  '`page` begint bij 1. Gevonden velden die de afzender afwees als ' +
  '`rejected_suggestions[0][page]`, `[x]`, `[y]`, `[value]`: die worden niet meer voorgesteld ' +
  'en niet geplaatst bij het versturen.';

/** POST /api/upload-file: any supported file, answered as the PDF it becomes. */
export const uploadFileForm = z
  .object({ file: uploadFile() })
  .meta({ examples: [{ file: '(bestand huurovereenkomst.docx)' }] });

/** POST /api/sign-requests/{id}/signables */
export const signableUploadForm = z
  .object({
    file: uploadFile(),
    name: z.string().max(255).optional().describe('De naam in de lijst; anders de bestandsnaam'),
    filename: z.string().max(255).optional(),
    'settings[forms_enabled]': z
      .enum(['0', '1'])
      .optional()
      .describe('De formuliervelden van de PDF zelf laten invullen'),
  })
  .catchall(z.string())
  .describe(markersText)
  .meta({
    examples: [
      {
        file: '(bestand huurovereenkomst.pdf)',
        name: 'Huurovereenkomst Prinsengracht 12',
        'variables[0][x]': '72',
        'variables[0][y]': '640',
        'variables[0][width]': '150',
        'variables[0][height]': '30',
        'variables[0][page]': '1',
        'variables[0][type]': 'generated',
        'variables[0][value]': 'signer.1.signature',
      },
    ],
  });

/** POST /api/templates */
export const templateUploadForm = z
  .object({ file: uploadFile(), name: z.string().max(255).describe('De naam van het sjabloon') })
  .catchall(z.string())
  .describe(markersText)
  .meta({
    examples: [{ file: '(bestand huurovereenkomst.pdf)', name: 'Huurovereenkomst woonruimte' }],
  });

/** GET …/file: `view=true` shows the PDF in the browser (inline) instead of downloading it. */
export const fileViewQuery = z.object({
  view: z.enum(['true', '1', 'false', '0']).optional(),
  /** Only the sealed document: 409 while the request is not signed (else: the original then). */
  signed: z.enum(['true', '1', 'false', '0']).optional(),
});

/** POST /api/signing/{token}/attachments: the signer's file for an attachment field. */
export const attachmentUploadForm = z
  .object({
    file: z.file().describe('Een PDF, JPEG of PNG; hoogstens 25 MB'),
    signable_id: idField().describe('Het document waarop het bijlageveld staat'),
    index: integerField({ min: 0, max: 10_000 }).describe('De plaats van het veld in `fields`'),
  })
  .meta({
    examples: [{ file: '(bestand identiteitsbewijs.jpg)', signable_id: '208', index: '3' }],
  });
