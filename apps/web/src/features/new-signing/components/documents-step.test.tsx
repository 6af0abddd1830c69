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

function renderStep(
  documents: DocumentItem[],
  multipleDocuments?: boolean,
  wordConversion?: boolean,
) {
  render(
    <AppProvider>
      <DocumentsStep
        documents={documents}
        setDocuments={vi.fn()}
        signers={[{ position: 1, label: 'Ondertekenaar 1' }]}
        multipleDocuments={multipleDocuments}
        wordConversion={wordConversion}
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

describe('step 2 and Word files', () => {
  const accept = () => document.querySelector('input[type="file"]')!.getAttribute('accept')!;

  it('offers DOC and DOCX where the server converts them', () => {
    renderStep([], true, true);
    expect(screen.getByText('PDF, PNG, JPEG, DOC of DOCX; meerdere bestanden tegelijk mogelijk'));
    expect(accept()).toContain('.docx');
    expect(accept()).toContain('application/msword');
    expect(screen.queryByTestId('word-unavailable')).toBeNull();
  });

  it('offers PDF and images only, and says why, where Word files cannot be converted', () => {
    renderStep([], true, false);
    expect(screen.getByText('PDF, PNG of JPEG; meerdere bestanden tegelijk mogelijk'));
    expect(screen.getByTestId('word-unavailable').textContent).toBe(
      'Word-bestanden kunnen hier niet worden omgezet; upload een PDF of afbeelding',
    );
    expect(accept()).not.toMatch(/doc|word/i);
    expect(accept()).toContain('.pdf');
    expect(accept()).toContain('.jpeg');
  });
});
