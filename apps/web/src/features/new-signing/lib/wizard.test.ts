import { describe, expect, it } from 'vitest';
import {
  messages,
  signingMessages,
  type EmailTemplateDto,
  type PaymentPlanPrice,
} from '@paraaf/contract';
import {
  applyTemplateRouting,
  buildSignableForm,
  buildSignerBody,
  signerSteps,
  buildSignRequestBody,
  canAddSigner,
  canSend,
  defaultExpiry,
  parseExpiry,
  signersWithoutSignatureField,
  estimatedCredits,
  initialMessage,
  insertMergeField,
  isDocumentsStepValid,
  isSignerFilled,
  isSignersStepValid,
  newSigner,
  priceText,
  sendHints,
  settingsErrors,
  signerErrors,
  signerProblems,
  signersStepErrors,
  signerTemplates,
  type DocumentItem,
  type SettingsValues,
  type SignerValues,
  type WizardContext,
  type WizardValues,
} from './wizard';
import { texts } from '../texts';

// 10:00 in Amsterdam (CEST), whatever the zone the tests run in.
const now = new Date('2025-06-01T10:00:00+02:00');
const ctx: WizardContext = {
  maxSigners: 3,
  idinEnabled: false,
  walletEnabled: false,
  showDepartment: false,
  now,
};

const signer = (over: Partial<SignerValues> = {}): SignerValues => ({
  ...newSigner(),
  firstname: 'Anna',
  lastname: 'de Boer',
  email: 'anna@voorbeeld.nl',
  ...over,
});

const settings = (over: Partial<SettingsValues> = {}): SettingsValues => ({
  expires_at: defaultExpiry(now),
  department_id: '7',
  subject: 'Graag ondertekenen',
  message: 'Beste, zie [[link]]',
  send_documents_to_initiator: true,
  emails: [],
  custom_fields: [],
  viewer_user_id: '',
  email_templates: {},
  ...over,
});

const values = (over: Partial<WizardValues> = {}): WizardValues => ({
  signers: [signer()],
  is_sync: false,
  settings: settings(),
  ...over,
});

const doc = (over: Partial<DocumentItem> = {}): DocumentItem => ({
  key: 'd1',
  file: new File(['%PDF-1.7'], 'contract.docx'),
  pdf: new Blob(['%PDF-1.7 converted'], { type: 'application/pdf' }),
  pages: 2,
  status: 'ready',
  config: { variables: [], fields: [] },
  hasAcroforms: false,
  formsEnabled: true,
  ...over,
});

const plan = (over: Partial<PaymentPlanPrice> = {}): PaymentPlanPrice => ({
  price: 0,
  type: 'prepaid',
  credits_per_month: 0,
  users: 3,
  sms_credits_price: 1,
  sms_euros_price: 0,
  idin_credits_price: 2,
  idin_euros_price: 0,
  wallet_credits_price: 3,
  wallet_euros_price: 0,
  price_per_credit: 1.5,
  ...over,
});

describe('the add-signer rule', () => {
  it('is hidden on every signer but the first', () => {
    expect(canAddSigner(1, 2, 10)).toBe(false);
    expect(canAddSigner(2, 3, 10)).toBe(false);
  });

  it('is hidden once the company maximum is reached', () => {
    expect(canAddSigner(0, 10, 10)).toBe(false);
    expect(canAddSigner(0, 11, 10)).toBe(false);
    expect(canAddSigner(0, 1, 1)).toBe(false);
  });

  it('shows on the first signer below the maximum', () => {
    expect(canAddSigner(0, 1, 10)).toBe(true);
    expect(canAddSigner(0, 9, 10)).toBe(true);
  });
});

describe('a signer', () => {
  it('counts as filled in only with e-mail, firstname and lastname', () => {
    expect(isSignerFilled(signer({ email: ' ' }))).toBe(false);
    expect(isSignerFilled(signer({ firstname: '' }))).toBe(false);
    expect(isSignerFilled(signer({ lastname: '' }))).toBe(false);
    expect(isSignerFilled(signer())).toBe(true);
  });

  it('needs its names and a valid e-mail address', () => {
    expect(signerErrors(newSigner(), ctx)).toMatchObject({
      firstname: messages.required,
      lastname: messages.required,
      email: messages.required,
    });
    expect(signerErrors(signer({ email: 'geen-adres' }), ctx).email).toBe(messages.email);
  });

  it('needs at least one verification method', () => {
    expect(signerErrors(signer({ verifications: [] }), ctx).verifications).toBe(
      signingMessages.verificationRequired,
    );
  });

  it('needs a mobile number only when SMS is chosen', () => {
    expect(signerErrors(signer({ verifications: ['2'], phone: '' }), ctx).phone).toBe(
      messages.required,
    );
    expect(signerErrors(signer({ verifications: ['5'], phone: '' }), ctx).phone).toBeUndefined();
    expect(signerErrors(signer({ verifications: ['2'], phone: '+31612345678' }), ctx)).toEqual({});
  });

  it('keeps max_reminders between 1 and 5 with the seed messages', () => {
    expect(signerErrors(signer({ max_reminders: 6 }), ctx).max_reminders).toBe(
      signingMessages.maxRemindersMax,
    );
    expect(signerErrors(signer({ max_reminders: 0 }), ctx).max_reminders).toBe(
      signingMessages.maxRemindersMin,
    );
    expect(signerErrors(signer({ max_reminders: '' }), ctx).max_reminders).toBe(messages.required);
    expect(signerErrors(signer({ reminder_after: '' }), ctx).reminder_after).toBe(
      messages.required,
    );
  });

  it('may not use iDIN without the company feature', () => {
    expect(signerErrors(signer({ verifications: ['4'] }), ctx).verifications).toBe(
      signingMessages.idinNotAvailable,
    );
    expect(signerErrors(signer({ verifications: ['4'] }), { idinEnabled: true })).toEqual({});
    expect(
      signerErrors(signer({ verifications: ['4'], idin_services: [] }), { idinEnabled: true })
        .idin_services,
    ).toBe(messages.required);
  });

  it('starts with the defaults of the seed', () => {
    expect(newSigner()).toMatchObject({
      locale: 'nl',
      reminder_after: 3,
      max_reminders: 5,
      idin_services: ['name', 'address', 'date_of_birth'],
      // E-mail and Handtekening ticked: what a first-time sender means by signing.
      verifications: ['1', '5'],
    });
  });

  it('names the signers whose signature Paraaf will place itself', () => {
    const piet = signer({ firstname: 'Piet', lastname: 'Jansen', verifications: ['1', '5'] });
    const els = signer({ firstname: 'Els', lastname: 'Bakker', verifications: ['1'] });
    const sig = (n: number) => ({
      type: 'generated' as const,
      value: `signer.${n}.signature`,
      page: 1,
      x: 0,
      y: 0,
      width: 150,
      height: 50,
      options: {},
    });
    const two = [piet, els, signer({ firstname: 'Ad', lastname: 'Vos', verifications: ['5'] })];
    const names = (docs: DocumentItem[]) =>
      signersWithoutSignatureField(values({ signers: two }), docs).map((s) => s.name);
    expect(names([doc()])).toEqual(['Piet Jansen', 'Ad Vos']);
    const marked = doc({ config: { variables: [sig(3)], fields: [] } });
    expect(names([doc(), marked])).toEqual(['Piet Jansen']);
  });

  it('says where a found signature goes, for a signer without any marker only', () => {
    const piet = signer({ firstname: 'Piet', lastname: 'Jansen', verifications: ['1', '5'] });
    const anna = signer({ firstname: 'Anna', lastname: 'Ambt', verifications: ['1', '5'] });
    const found = (n: number, label: string) => ({
      type: 'generated' as const,
      value: `signer.${n}.signature`,
      page: 3,
      x: 390,
      y: 346,
      width: 134,
      height: 50,
      options: { label },
      confidence: 0.9,
    });
    const detected = [
      found(1, 'Opdrachtgever – Handtekening'),
      found(2, 'Opdrachtnemer – Handtekening'),
    ];
    // Anna has a name marker of her own: what was found is not placed for her, the foot is.
    const name = { ...found(1, ''), value: 'signer.1.name', options: {} };
    const { confidence: _c, ...annaName } = name;
    const d = doc({ config: { variables: [annaName], fields: [] }, detected });
    const warnings = signersWithoutSignatureField(values({ signers: [anna, piet] }), [d]);
    expect(warnings.map((w) => [w.name, w.found?.options.label, w.found?.page])).toEqual([
      ['Anna Ambt', undefined, undefined],
      ['Piet Jansen', 'Opdrachtnemer – Handtekening', 3],
    ]);
    expect(
      texts.detectedSignature(
        'Piet Jansen',
        warnings[1]!.found!.options.label!,
        warnings[1]!.found!.page,
      ),
    ).toBe(
      'Paraaf plaatst de handtekening van Piet Jansen bij "Opdrachtnemer – Handtekening" op pagina 3',
    );
    // Turned down in the editor: the warning says the foot of the page, and the upload tells
    // the server which one it was.
    const declined = doc({ detected: [detected[0]!, { ...detected[1]!, rejected: true }] });
    const after = signersWithoutSignatureField(values({ signers: [anna, piet] }), [declined]);
    expect(after.map((w) => w.found?.options.label)).toEqual([
      'Opdrachtgever – Handtekening',
      undefined,
    ]);
    const form = buildSignableForm(declined);
    expect(
      ['page', 'x', 'y', 'value'].map((k) => form.get(`rejected_suggestions[0][${k}]`)),
    ).toEqual(['3', '390', '346', 'signer.2.signature']);
    expect(form.has('rejected_suggestions[1][page]')).toBe(false);
  });
});

describe("a picked template's placeholder settings", () => {
  const plan = { idinEnabled: false, walletEnabled: true };

  it('prefills the verifications and wallet data the template sets, within the plan', () => {
    const [first, second, third] = applyTemplateRouting(
      [newSigner(), newSigner(), newSigner()],
      [
        { signer: 1, routing_order: 1, role: 'signer', verifications: [1, 2, 5] },
        {
          signer: 2,
          routing_order: 2,
          role: 'approver',
          // iDIN is not in the plan; an approver puts no signature.
          verifications: [4, 7, 5],
          wallet_attributes: ['name', 'nationality'],
        },
      ],
      plan,
    );
    expect(first!.verifications).toEqual(['1', '2', '5']);
    expect(second).toMatchObject({
      role: 'approver',
      routing_order: 2,
      verifications: ['7'],
      wallet_attributes: ['name', 'nationality'],
    });
    // Not in the template: as it was.
    expect(third!.verifications).toEqual(['1', '5']);
  });

  it("keeps the signer's own verifications where the template sets none or none of the plan's", () => {
    const own = { ...newSigner(), verifications: ['1', '2', '5'] };
    const [kept, filtered] = applyTemplateRouting(
      [own, own],
      [
        { signer: 1, routing_order: 1, role: 'signer' },
        { signer: 2, routing_order: 1, role: 'signer', verifications: [4] },
      ],
      plan,
    );
    expect(kept!.verifications).toEqual(['1', '2', '5']);
    expect(filtered!.verifications).toEqual(['1', '2', '5']);
    expect(filtered!.wallet_attributes).toEqual(own.wallet_attributes);
  });
});

describe('step 1 (signers)', () => {
  it('blocks Volgende while a signer is not filled in or invalid', () => {
    expect(isSignersStepValid(values({ signers: [] }), ctx)).toBe(false);
    expect(isSignersStepValid(values({ signers: [signer(), newSigner()] }), ctx)).toBe(false);
    expect(isSignersStepValid(values({ signers: [signer({ verifications: ['2'] })] }), ctx)).toBe(
      false,
    );
  });

  it('blocks Volgende above the company maximum', () => {
    const four = [signer(), signer(), signer(), signer()];
    expect(isSignersStepValid(values({ signers: four }), ctx)).toBe(false);
  });

  it('allows Volgende when every signer is valid', () => {
    expect(isSignersStepValid(values({ signers: [signer(), signer()] }), ctx)).toBe(true);
  });

  it('puts errors on the signer’s own fields', () => {
    const errors = signersStepErrors(values({ signers: [signer(), signer({ email: '' })] }), ctx);
    expect(errors).toEqual({ 'signers.1.email': messages.required });
  });
});

describe('what the footer says is wrong with the signers', () => {
  it('names the card and the empty fields of a signer just added', () => {
    expect(signerProblems(values({ signers: [signer(), newSigner()] }), ctx)).toEqual([
      'Ondertekenaar 2: vul de voornaam, de achternaam en het e-mailadres in',
    ]);
    expect(signerProblems(values({ signers: [signer(), signer({ lastname: ' ' })] }), ctx)).toEqual(
      ['Ondertekenaar 2: vul de achternaam in'],
    );
  });

  it('names every kind of missing or invalid field', () => {
    const wrong = signer({
      email: 'anna@',
      verifications: ['2', '4'],
      phone: '',
      reminder_after: 40,
      max_reminders: '',
    });
    const [line, ...rest] = signerProblems(values({ signers: [wrong] }), ctx);
    expect(rest).toEqual([]);
    expect(line).toMatch(/^Ondertekenaar 1: /);
    expect(line).toContain('vul het mobiele nummer en het maximaal aantal herinneringen in');
    expect(line).toContain(`e-mailadres: ${messages.email}`);
    expect(line).toContain(`verificatie: ${signingMessages.idinNotAvailable}`);
    expect(line).toContain('herinnering na (dagen): ');
    expect(signerProblems(values({ signers: [signer({ verifications: [] })] }), ctx)[0]).toContain(
      'Ondertekenaar 1: kies minstens één verificatie',
    );
    expect(
      signerProblems(values({ signers: [signer({ verifications: ['4'], idin_services: [] })] }), {
        idinEnabled: true,
      }),
    ).toEqual(['Ondertekenaar 1: kies welke iDIN gegevens de bank deelt']);
  });

  it('says nothing about valid signers', () => {
    expect(signerProblems(values({ signers: [signer(), signer()] }), ctx)).toEqual([]);
  });
});

describe('inserting a merge field', () => {
  it('puts it at the cursor, over a selection, and clamps a cursor beyond the text', () => {
    expect(insertMergeField('Beste ,', 6, 6, 'firstname')).toEqual({
      value: 'Beste [[firstname]],',
      cursor: 19,
    });
    expect(insertMergeField('Teken hier.', 6, 10, 'link')).toEqual({
      value: 'Teken [[link]].',
      cursor: 14,
    });
    expect(insertMergeField('Groet', 99, 99, 'company').value).toBe('Groet[[company]]');
  });
});

describe('step 2 (documents)', () => {
  it('needs at least one converted document', () => {
    expect(isDocumentsStepValid([])).toBe(false);
    expect(isDocumentsStepValid([doc({ status: 'converting', pdf: null })])).toBe(false);
    expect(isDocumentsStepValid([doc(), doc({ key: 'd2', status: 'converting' })])).toBe(false);
    expect(isDocumentsStepValid([doc()])).toBe(true);
  });
});

describe('step 3 (settings)', () => {
  it('needs an expiry after now', () => {
    const past = settings({ expires_at: '2025-06-01 09:59:00' });
    expect(settingsErrors(values({ settings: past }), ctx)['settings.expires_at']).toBe(
      signingMessages.expiresAfterNow,
    );
    const none = settings({ expires_at: null });
    expect(settingsErrors(values({ settings: none }), ctx)['settings.expires_at']).toBe(
      messages.required,
    );
  });

  it('needs a department only when the select shows', () => {
    const noDepartment = values({ settings: settings({ department_id: '' }) });
    expect(settingsErrors(noDepartment, ctx)['settings.department_id']).toBeUndefined();
    expect(
      settingsErrors(noDepartment, { ...ctx, showDepartment: true })['settings.department_id'],
    ).toBe(messages.required);
  });

  it('needs a subject and a message with a merge field', () => {
    const errors = settingsErrors(
      values({ settings: settings({ subject: ' ', message: 'Zonder link' }) }),
      ctx,
    );
    expect(errors['settings.subject']).toBe(messages.required);
    expect(errors['settings.message']).toBe(signingMessages.mergeFields);
    const content = values({ settings: settings({ message: 'Zie [[content]]' }) });
    expect(settingsErrors(content, ctx)).toEqual({});
  });

  it('checks the extra recipients as e-mail addresses', () => {
    const errors = settingsErrors(
      values({ settings: settings({ emails: ['ok@voorbeeld.nl', 'fout'] }) }),
      ctx,
    );
    expect(errors['settings.emails']).toBe(`fout: ${messages.email}`);
  });

  it('enforces required custom fields and their length', () => {
    const fields = [
      { name: 'Dossier', description: null, required: true, value: '' },
      { name: 'Notitie', description: null, required: false, value: 'x'.repeat(256) },
    ];
    const errors = settingsErrors(values({ settings: settings({ custom_fields: fields }) }), ctx);
    expect(errors['settings.custom_fields.0.value']).toBe(messages.required);
    expect(errors['settings.custom_fields.1.value']).toBe(messages.maxLength);
  });

  it('defaults the expiry to one week from now', () => {
    expect(defaultExpiry(now)).toBe('2025-06-08 10:00:00');
  });

  it("reads the picker's value as Amsterdam's wall clock, across DST", () => {
    expect(parseExpiry('2025-06-08 10:00:00')?.toISOString()).toBe('2025-06-08T08:00:00.000Z');
    expect(parseExpiry('2025-12-08 10:00')?.toISOString()).toBe('2025-12-08T09:00:00.000Z');
    expect(parseExpiry('2025-13-08 10:00')).toBeNull();
    expect(parseExpiry('morgen')).toBeNull();
    expect(defaultExpiry(new Date('2025-10-20T23:30:00Z'))).toBe('2025-10-28 00:30:00');
  });
});

describe('the send button', () => {
  it('gives the seed hints while signers or documents are missing', () => {
    expect(sendHints(values({ signers: [newSigner()] }), [])).toEqual([
      signingMessages.noSigners,
      signingMessages.noDocuments,
    ]);
    expect(sendHints(values(), [doc({ status: 'converting' })])).toEqual([
      signingMessages.noDocuments,
    ]);
    expect(sendHints(values(), [doc()])).toEqual([]);
  });

  it('stays disabled while any step is invalid', () => {
    expect(canSend(values(), [], ctx)).toBe(false);
    expect(canSend(values({ settings: settings({ subject: '' }) }), [doc()], ctx)).toBe(false);
    expect(canSend(values({ signers: [signer({ email: 'x' })] }), [doc()], ctx)).toBe(false);
    expect(canSend(values(), [doc()], ctx)).toBe(true);
  });
});

describe('the request payloads', () => {
  const templates: EmailTemplateDto[] = [
    {
      id: 4,
      name: 'sign_request_to_signer',
      label: 'Eigen uitnodiging',
      locale: 'nl',
      subject: 'Eigen onderwerp',
      template: 'Eigen tekst [[content]] [[link]]',
      merge_fields: [],
    },
    {
      id: 5,
      name: 'sign_request_to_signer',
      label: 'Own invitation',
      locale: 'en',
      subject: 'Own subject',
      template: 'Own text [[link]]',
      merge_fields: [],
    },
  ];

  it('sends is_sync as a string and only with several signers', () => {
    expect(buildSignRequestBody(values({ is_sync: true }), ctx).is_sync).toBe('false');
    const two = values({ signers: [signer(), signer()], is_sync: true });
    expect(buildSignRequestBody(two, ctx).is_sync).toBe('true');
    expect(buildSignRequestBody({ ...two, is_sync: false }, ctx).is_sync).toBe('false');
  });

  it('sends only custom fields with a value', () => {
    const body = buildSignRequestBody(
      values({
        settings: settings({
          custom_fields: [
            { name: 'Dossier', description: null, required: false, value: ' 123 ' },
            { name: 'Leeg', description: null, required: false, value: '  ' },
          ],
        }),
      }),
      ctx,
    );
    expect(body.custom_fields).toEqual([
      { name: 'Dossier', description: null, required: false, value: '123' },
    ]);
  });

  it('builds the request body of seed 000 §7', () => {
    const body = buildSignRequestBody(
      values({
        settings: settings({
          emails: ['kopie@voorbeeld.nl'],
          viewer_user_id: '12',
          email_templates: { nl: '4', en: '5' },
        }),
      }),
      ctx,
      templates,
    );
    expect(body).toEqual({
      department_id: 7,
      expires_at: '2025-06-08T08:00:00.000Z',
      subject: 'Graag ondertekenen',
      message: 'Beste, zie [[link]]',
      is_sync: 'false',
      allow_delegation: 'false',
      send_documents_to_initiator: true,
      emails: ['kopie@voorbeeld.nl'],
      custom_fields: [],
      viewer_user_id: 12,
      // Only the locales the signers use.
      email_templates: {
        nl: { subject: 'Eigen onderwerp', template: 'Eigen tekst [[content]] [[link]]' },
      },
    });
  });

  it('leaves out department, viewer and templates when none are chosen', () => {
    const body = buildSignRequestBody(
      values({ settings: settings({ department_id: '', send_documents_to_initiator: false }) }),
      ctx,
    );
    expect(body).not.toHaveProperty('department_id');
    expect(body).not.toHaveProperty('email_templates');
    expect(body.viewer_user_id).toBeNull();
    expect(body.send_documents_to_initiator).toBe(false);
  });

  it('builds a signer body with phone and iDIN services only for their methods', () => {
    expect(buildSignerBody(signer({ phone: '+31612345678', verifications: ['5'] }))).toEqual({
      routing_order: 1,
      role: 'signer',
      notify_on_send: false,
      firstname: 'Anna',
      lastname: 'de Boer',
      email: 'anna@voorbeeld.nl',
      phone: null,
      locale: 'nl',
      verifications: [5],
      reminder_after: 3,
      max_reminders: 5,
      allow_form_edit: 'false',
    });
    const body = buildSignerBody(
      signer({ phone: '+31612345678', verifications: ['2', '4'], reminder_after: '7' }),
    );
    expect(body).toMatchObject({
      phone: '+31612345678',
      verifications: [2, 4],
      idin_services: ['name', 'address', 'date_of_birth'],
      reminder_after: 7,
    });
  });

  it('sends the step and role; an approver or cc without signature or paraaf', () => {
    const approver = signer({ verifications: ['1', '5', '6'], routing_order: 2, role: 'approver' });
    expect(buildSignerBody(approver)).toMatchObject({
      routing_order: 2,
      role: 'approver',
      verifications: [1],
    });
    expect(buildSignerBody(signer({ verifications: ['5'], role: 'cc' })).verifications).toEqual([
      1,
    ]);
  });

  it('sends notify_on_send for a cc that asks for it, never for a signer', () => {
    expect(buildSignerBody(signer({ role: 'cc', notify_on_send: true })).notify_on_send).toBe(true);
    expect(buildSignerBody(signer({ role: 'cc' })).notify_on_send).toBe(false);
    expect(buildSignerBody(signer({ notify_on_send: true })).notify_on_send).toBe(false);
  });

  it('groups the signers in their steps, lowest first; in sequence one step each', () => {
    const list = [
      signer({ routing_order: 2 }),
      signer({ routing_order: 1 }),
      signer({ routing_order: 2 }),
    ];
    expect(signerSteps({ signers: list, is_sync: false })).toEqual([
      { step: 1, indexes: [1] },
      { step: 2, indexes: [0, 2] },
    ]);
    expect(signerSteps({ signers: list, is_sync: true }).map((s) => s.indexes)).toEqual([
      [0],
      [1],
      [2],
    ]);
  });

  it('gives a signer its own locale’s template, else the Dutch one', () => {
    const request = { nl: { subject: 'NL', template: 'NL [[link]]' } };
    expect(signerTemplates(signer({ locale: 'de' }), request)).toEqual({ de: request.nl });
    const both = { ...request, en: { subject: 'EN', template: 'EN [[link]]' } };
    expect(signerTemplates(signer({ locale: 'en' }), both)).toEqual({ en: both.en });
    expect(signerTemplates(signer(), undefined)).toBeUndefined();
  });

  it('uploads the converted PDF with the original file name', async () => {
    const form = buildSignableForm(doc());
    const file = form.get('file') as File;
    expect(file.name).toBe('contract.pdf');
    expect(file.type).toBe('application/pdf');
    expect(await file.text()).toBe('%PDF-1.7 converted');
    expect(form.get('name')).toBe('contract');
    expect(form.get('filename')).toBe('contract.docx');
    expect(form.get('type')).toBe('1');
    expect(form.get('settings[forms_enabled]')).toBe('0');
  });
});

describe('prices and defaults', () => {
  it('shows plan prices in credits, euros or gratis', () => {
    expect(priceText(0, 0)).toBe('gratis');
    expect(priceText(1, 0)).toBe('1 credit');
    expect(priceText(2, 0)).toBe('2 credits');
    expect(priceText(0, 0.15)).toMatch(/^€\s0,15$/);
  });

  it('estimates one credit per signer plus SMS and iDIN prices', () => {
    const signers = [signer(), signer({ verifications: ['2'] }), signer({ verifications: ['4'] })];
    expect(estimatedCredits(signers, plan())).toBe(3 + 1 + 2);
    expect(estimatedCredits([], plan())).toBe(0);
  });

  it('prefills the message from a suitable default template only', () => {
    const nl = (template: string, subject = 'Onderteken dit'): EmailTemplateDto => ({
      id: null,
      name: 'sign_request_to_signer',
      label: 'Uitnodiging',
      locale: 'nl',
      subject,
      template,
      merge_fields: ['[[content]]', '[[link]]'],
    });
    const fallback = initialMessage('Bakkerij', undefined);
    expect(fallback.message).toContain('[[link]]');
    expect(fallback.subject).toContain('Bakkerij');
    // A template that wraps [[content]] is the mail around the message, not the message.
    expect(initialMessage('Bakkerij', [nl('<p>[[content]]</p>[[link]]')]).message).toBe(
      fallback.message,
    );
    expect(initialMessage('Bakkerij', [nl('Tekst', '[[company]] vraagt')]).subject).toBe(
      fallback.subject,
    );
    expect(initialMessage('Bakkerij', [nl('Klik op [[link]]')])).toEqual({
      subject: 'Onderteken dit',
      message: 'Klik op [[link]]',
    });
  });
});
