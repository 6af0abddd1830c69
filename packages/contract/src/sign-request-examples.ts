/**
 * Examples of the sign request shapes (their schemas' `meta`, shown in the OpenAPI document):
 * a rental contract sent to one signer.
 */
export const exampleSigner = {
  id: 311,
  position: 1,
  firstname: 'Daan',
  lastname: 'Visser',
  email: 'daan.visser@voorbeeld.nl',
  phone: '0612345678',
  locale: 'nl',
  verifications: [{ type: 1, text: 'E-mail' }],
  verification_methods: [{ id: 1, type: 1 }],
  idinServices: [],
  wallet_attributes: [],
  reminder_after: 3,
  max_reminders: 2,
  reminders_sent: 0,
  manual_reminders_sent: 0,
  next_reminder_at: '2026-05-15T09:00:00.000Z',
  manual_reminder_available_at: null,
  allow_form_edit: false,
  state_id: 3,
  invited_at: '2026-05-12T09:00:00.000Z',
  signed_at: null,
  declined_at: null,
  decline_reason: null,
};

export const exampleSignable = {
  id: 208,
  name: 'Huurovereenkomst Prinsengracht 12',
  filename: 'huurovereenkomst-prinsengracht-12.pdf',
  size: 184_320,
  type: 1,
  state_id: 1,
  options: { pages: 3, filesize: 184_320, page_sizes: [{ width: 595.28, height: 841.89 }] },
  has_acroforms: false,
  settings: { forms_enabled: false },
  config: { variables: [], fields: [] },
  signed_at: null,
  file_deleted_at: null,
  signed_signable: null,
};

export const exampleSignRequest = {
  id: 1042,
  state_id: 3,
  state: { id: 3, label: 'Verstuurd' },
  credits_cost: 1,
  emails: ['administratie@verhuur-amsterdam.nl'],
  expires_at: '2026-06-12T22:00:00.000Z',
  completed_at: null,
  created_at: '2026-05-12T08:58:00.000Z',
  sent_at: '2026-05-12T09:00:00.000Z',
  date: null,
  department_id: null,
  department: null,
  is_sync: false,
  send_documents_to_initiator: true,
  subject: 'Huurovereenkomst Prinsengracht 12',
  message: 'Beste huurder, wilt u de huurovereenkomst ondertekenen? [[link]]',
  custom_fields: [
    { name: 'Dossier', description: 'Dossiernummer', required: true, value: 'H-2026-118' },
  ],
  custom_field_values: [{ name: 'Dossier', value: 'H-2026-118' }],
  viewer_user: null,
  viewer_user_id: null,
  estimated_gdpr_purge_at: null,
  gdpr_purged_at: null,
  failure_reason: null,
  bulk_send_id: null,
  signers: [exampleSigner],
  signables: [exampleSignable],
  email_templates: {},
  initiator: { id: 12, name: 'Sanne de Vries' },
};

export const exampleListItem = {
  id: 1042,
  subject: 'Huurovereenkomst Prinsengracht 12',
  created_at: '2026-05-12T08:58:00.000Z',
  state_id: 3,
  state: { id: 3, label: 'Verstuurd' },
  signers: [{ id: 311, firstname: 'Daan', lastname: 'Visser' }],
  signables: [{ id: 208, name: 'Huurovereenkomst Prinsengracht 12' }],
  viewer_user: null,
  custom_field_values: [{ name: 'Dossier', value: 'H-2026-118' }],
};

export const exampleCreateSignRequest = {
  expires_at: '2026-06-12T22:00:00.000Z',
  subject: 'Huurovereenkomst Prinsengracht 12',
  message: 'Beste huurder, wilt u de huurovereenkomst ondertekenen? [[link]]',
  send_documents_to_initiator: true,
  emails: ['administratie@verhuur-amsterdam.nl'],
  custom_fields: [
    { name: 'Dossier', description: 'Dossiernummer', required: true, value: 'H-2026-118' },
  ],
};
