import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AppProvider } from '../../../app/provider';
import { newDocument, type DocumentItem } from '../lib/wizard';
import { texts } from '../texts';
import { DocumentsStep } from './documents-step';

const ready = (): DocumentItem => ({
  ...newDocument(new File(['%PDF-1.7'], 'huur.pdf', { type: 'application/pdf' })),
  pdf: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
  pages: 1,
  status: 'ready',
});

function renderStep(documents: DocumentItem[], multipleDocuments?: boolean) {
  render(
    <AppProvider>
      <DocumentsStep
        documents={documents}
        setDocuments={vi.fn()}
        signers={[{ position: 1, label: 'Ondertekenaar 1' }]}
        multipleDocuments={multipleDocuments}
      />
    </AppProvider>,
  );
}

const dropzone = () => screen.queryByLabelText(texts.documents.dropTitle);

describe('step 2 and the multiple_documents feature', () => {
  it('keeps the upload for more documents with the feature', () => {
    renderStep([ready()], true);
    expect(dropzone()).toBeTruthy();
  });

  it('offers the upload for the first document without the feature', () => {
    renderStep([], false);
    expect(dropzone()).toBeTruthy();
  });

  it('hides the upload once there is a document, without the feature', () => {
    renderStep([ready()], false);
    expect(screen.getByText('huur.pdf')).toBeTruthy();
    expect(dropzone()).toBeNull();
  });
});
