import { describe, expect, it } from 'vitest';
import type { Field, MarkerConfig, Variable } from '@paraaf/contract';
import {
  allowsFormEdit,
  buildSignableForm,
  buildSignerBody,
  buildSignRequestBody,
  documentFromTemplate,
  documentsWithMissingSigners,
  editorSigners,
  hasFormsEnabled,
  hasInputFields,
  isDocumentsStepValid,
  isSyncLocked,
  markerCount,
  newDocument,
  newSigner,
  type DocumentItem,
  type SignerValues,
  type WizardValues,
} from './wizard';

const signer = (over: Partial<SignerValues> = {}): SignerValues => ({
  ...newSigner(),
  firstname: 'Anna',
  lastname: 'de Vries',
  email: 'anna@example.nl',
  ...over,
});

const values = (signers: SignerValues[], is_sync = false): WizardValues => ({
  signers,
  is_sync,
  settings: {
    expires_at: '2099-01-01 10:00:00',
    department_id: '',
    subject: 'Onderwerp',
    message: 'Klik op [[link]]',
    send_documents_to_initiator: true,
    emails: [],
    custom_fields: [],
    viewer_user_id: '',
    email_templates: {},
  },
});

const signature = (n: number): Variable => ({
  x: 10,
  y: 20,
  width: 150,
  height: 30,
  page: 1,
  type: 'generated',
  value: `signer.${n}.signature`,
  options: {},
});
const textField: Field = {
  x: 10,
  y: 100,
  width: 150,
  height: 30,
  page: 2,
  type: 'text',
  options: { signer: 1, rules: ['required'] },
};

const doc = (over: Partial<DocumentItem> = {}): DocumentItem => ({
  ...newDocument(new File(['%PDF'], 'contract.pdf', { type: 'application/pdf' })),
  pdf: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
  pages: 3,
  status: 'ready',
  ...over,
});
const withConfig = (config: Partial<MarkerConfig>) =>
  doc({ config: { variables: [], fields: [], ...config } });

describe('missing signers', () => {
  it('blocks Volgende when markers refer to a signer that was removed', () => {
    const docs = [withConfig({ variables: [signature(2)] })];
    expect(documentsWithMissingSigners(docs, 1)).toHaveLength(1);
    expect(isDocumentsStepValid(docs, 1)).toBe(false);
    expect(isDocumentsStepValid(docs, 2)).toBe(true);
  });

  it('counts a field without a signer as signer 1', () => {
    const docs = [withConfig({ fields: [{ ...textField, options: { rules: [] } }] })];
    expect(isDocumentsStepValid(docs, 1)).toBe(true);
  });
});

describe('input fields and form fields', () => {
  it('does not lock the sequence without fields', () => {
    const docs = [
      withConfig({ variables: [signature(1)] }),
      doc({ hasAcroforms: true, formsEnabled: false }),
    ];
    expect(hasInputFields(docs)).toBe(false);
    expect(hasFormsEnabled(docs)).toBe(false);
    expect(isSyncLocked(docs)).toBe(false);
    expect(
      buildSignRequestBody(values([signer(), signer()]), { showDepartment: false }, [], docs)
        .is_sync,
    ).toBe('false');
    expect(allowsFormEdit(0, docs)).toBe(false);
  });

  it('locks signing in sequence on when a document has input fields', () => {
    const docs = [withConfig({ fields: [textField] })];
    expect(isSyncLocked(docs)).toBe(true);
    const body = buildSignRequestBody(
      values([signer(), signer()], false),
      { showDepartment: false },
      [],
      docs,
    );
    expect(body.is_sync).toBe('true');
  });

  it('forces is_sync and allow_form_edit for the first signer with PDF form fields turned on', () => {
    const docs = [doc({ hasAcroforms: true, formsEnabled: true })];
    expect(isSyncLocked(docs)).toBe(true);
    expect(
      buildSignRequestBody(values([signer()]), { showDepartment: false }, [], docs).is_sync,
    ).toBe('true');
    expect(allowsFormEdit(0, docs)).toBe(true);
    expect(allowsFormEdit(1, docs)).toBe(false);
    expect(buildSignerBody(signer(), undefined, allowsFormEdit(0, docs)).allow_form_edit).toBe(
      'true',
    );
    expect(buildSignerBody(signer(), undefined, allowsFormEdit(1, docs)).allow_form_edit).toBe(
      'false',
    );
  });
});

describe('buildSignableForm with markers', () => {
  it('sends forms_enabled 0 without AcroForm fields, even when switched on', () => {
    const form = buildSignableForm(doc({ formsEnabled: true }));
    expect(form.get('settings[forms_enabled]')).toBe('0');
    expect([...form.keys()].some((k) => k.startsWith('variables'))).toBe(false);
  });

  it('sends forms_enabled and the markers as form keys', () => {
    const form = buildSignableForm(
      doc({ hasAcroforms: true, config: { variables: [signature(1)], fields: [textField] } }),
    );
    expect(form.get('settings[forms_enabled]')).toBe('1');
    expect(form.get('variables[0][value]')).toBe('signer.1.signature');
    expect(form.get('variables[0][page]')).toBe('1');
    expect(form.get('fields[0][type]')).toBe('text');
    expect(form.get('fields[0][options][signer]')).toBe('1');
    expect(form.get('fields[0][options][rules][0]')).toBe('required');
  });
});

describe('editor signers and templates', () => {
  it("labels signers by name, else 'Ondertekenaar n', with their methods for the marker rules", () => {
    expect(
      editorSigners([
        signer(),
        signer({ firstname: ' ', lastname: '', verifications: ['1', '6'] }),
      ]),
    ).toEqual([
      { position: 1, label: 'Anna de Vries', verifications: [1, 5] },
      { position: 2, label: 'Ondertekenaar 2', verifications: [1, 6] },
    ]);
  });

  it('makes a ready document from a picked template, keeping its markers', async () => {
    const pdf = new Blob(['%PDF-1.7 template'], { type: 'application/pdf' });
    const config = { variables: [signature(2)], fields: [textField] };
    const item = documentFromTemplate({
      name: 'Huurcontract v1.2',
      pdf,
      pages: 3,
      hasAcroforms: true,
      config,
      signerRouting: [],
    });
    expect(item).toMatchObject({
      status: 'ready',
      pages: 3,
      hasAcroforms: true,
      formsEnabled: true,
      pdf,
    });
    expect(item.config).toEqual(config);
    expect(item.config.variables[0]).not.toBe(config.variables[0]);
    expect(markerCount(item)).toBe(2);
    const form = buildSignableForm(item);
    expect(form.get('name')).toBe('Huurcontract v1.2');
    expect(await (form.get('file') as File).text()).toBe('%PDF-1.7 template');
  });
});
