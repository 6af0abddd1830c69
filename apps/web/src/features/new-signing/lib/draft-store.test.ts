import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDrafts, deleteDraft, loadDraft, saveDraft, type WizardDraft } from './draft-store';
import { defaultExpiry, newDocument, newSigner, type DocumentItem } from './wizard';

const pdfBytes = '%PDF-1.7 huur';

function draft(documents: DocumentItem[] = []): WizardDraft {
  return {
    step: 2,
    values: {
      signers: [{ ...newSigner(), firstname: 'Piet', lastname: 'Jansen', email: 'piet@x.nl' }],
      is_sync: false,
      settings: {
        expires_at: defaultExpiry(),
        department_id: '3',
        subject: 'Huur',
        message: 'Beste [[firstname]], [[link]]',
        send_documents_to_initiator: true,
        emails: [],
        custom_fields: [],
        viewer_user_id: '',
        email_templates: { nl: '12' },
      },
    },
    documents,
  };
}

function readyDocument(name: string): DocumentItem {
  return {
    ...newDocument(new File(['docx bytes'], name, { type: 'application/msword' })),
    pdf: new Blob([pdfBytes], { type: 'application/pdf' }),
    pages: 3,
    status: 'ready',
    config: {
      variables: [
        {
          x: 10,
          y: 20,
          width: 150,
          height: 30,
          page: 3,
          type: 'generated',
          value: 'signer.1.signature',
          options: {},
        },
      ],
      fields: [],
    },
  };
}

afterEach(async () => {
  await clearDrafts();
});

describe('the wizard draft in IndexedDB', () => {
  it('keeps the form, the step, the markers and the files themselves', async () => {
    const doc = readyDocument('huur.doc');
    const converting = newDocument(new File(['x'], 'bezig.pdf', { type: 'application/pdf' }));
    await saveDraft(7, draft([doc, converting]));

    const back = await loadDraft(7);
    expect(back?.step).toBe(2);
    expect(back?.values.signers[0]?.lastname).toBe('Jansen');
    expect(back?.values.settings.email_templates).toEqual({ nl: '12' });
    // A conversion under way is not kept; the ready document comes back whole.
    expect(back?.documents).toHaveLength(1);
    const [restored] = back!.documents;
    expect(restored?.key).toBe(doc.key);
    expect(restored?.file.name).toBe('huur.doc');
    expect(restored?.file.type).toBe('application/msword');
    expect(await restored?.file.text()).toBe('docx bytes');
    expect(await restored?.pdf?.text()).toBe(pdfBytes);
    expect(restored?.pages).toBe(3);
    expect(restored?.config).toEqual(doc.config);
  });

  it('is per user: another user gets none', async () => {
    await saveDraft(7, draft([readyDocument('huur.pdf')]));
    expect(await loadDraft(8)).toBeNull();
    await saveDraft(8, draft());
    await deleteDraft(8);
    expect(await loadDraft(8)).toBeNull();
    expect((await loadDraft(7))?.documents).toHaveLength(1);
  });

  it('drops the files of a removed document, and everything on discard or logout', async () => {
    const a = readyDocument('a.pdf');
    const b = readyDocument('b.pdf');
    await saveDraft(7, draft([a, b]));
    await saveDraft(7, draft([b]));
    expect((await loadDraft(7))?.documents.map((d) => d.file.name)).toEqual(['b.pdf']);

    await deleteDraft(7);
    expect(await loadDraft(7)).toBeNull();

    await saveDraft(7, draft([a]));
    await clearDrafts();
    expect(await loadDraft(7)).toBeNull();
  });
});
