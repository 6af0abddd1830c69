import { clear, createStore, delMany, get, keys, setMany, type UseStore } from 'idb-keyval';
import type { DetectedMarker, MarkerConfig } from '@paraaf/contract';
import type { DocumentItem, WizardValues } from './wizard';

/**
 * The new-signing wizard's draft, kept in the browser's IndexedDB so a reload (or a crash) does
 * not lose it: the form of all three steps, the step, and each ready document with its files and
 * markers. One draft per user (keyed by user id, never shown to another user), removed when the
 * request is sent, when the user discards it, and on logout.
 *
 * Records: `<userId>:draft` (the form and the documents' metadata, rewritten as the user works)
 * and `<userId>:file:<documentKey>` (a document's original file and PDF, written once).
 */

const DRAFT_VERSION = 1;

interface StoredDocument {
  key: string;
  name: string;
  type: string;
  pages: number | null;
  config: MarkerConfig;
  hasAcroforms: boolean;
  formsEnabled: boolean;
  /** The fields the server found (absent in drafts saved before it looked). */
  detected?: DetectedMarker[];
}

interface StoredDraft {
  version: number;
  step: number;
  values: WizardValues;
  documents: StoredDocument[];
}

/** The bytes themselves (an ArrayBuffer clones the same in every IndexedDB implementation). */
interface StoredFiles {
  file: ArrayBuffer;
  pdf: ArrayBuffer | null;
  pdfType: string;
}

export interface WizardDraft {
  step: number;
  values: WizardValues;
  documents: DocumentItem[];
}

let store: UseStore | null = null;
/** Opened on first use: a page that never drafts never touches IndexedDB. */
function drafts(): UseStore {
  store ??= createStore('paraaf-drafts', 'new-signing');
  return store;
}

const draftKey = (userId: number) => `${userId}:draft`;
const filePrefix = (userId: number) => `${userId}:file:`;

/** Writes the draft; only ready documents are kept (a conversion under way is not resumable). */
export async function saveDraft(userId: number, draft: WizardDraft): Promise<void> {
  const ready = draft.documents.filter((d) => d.status === 'ready');
  const stored: StoredDraft = {
    version: DRAFT_VERSION,
    step: draft.step,
    values: draft.values,
    documents: ready.map((d) => ({
      key: d.key,
      name: d.file.name,
      type: d.file.type,
      pages: d.pages,
      config: d.config,
      hasAcroforms: d.hasAcroforms,
      formsEnabled: d.formsEnabled,
      detected: d.detected,
    })),
  };
  const existing = (await keys(drafts())).map(String);
  const wanted = new Set(ready.map((d) => filePrefix(userId) + d.key));
  const newFiles = ready.filter((d) => !existing.includes(filePrefix(userId) + d.key));
  const files = await Promise.all(
    newFiles.map(async (d): Promise<[string, StoredFiles]> => [
      filePrefix(userId) + d.key,
      {
        file: await d.file.arrayBuffer(),
        pdf: d.pdf ? await d.pdf.arrayBuffer() : null,
        pdfType: d.pdf?.type || 'application/pdf',
      },
    ]),
  );
  await setMany([[draftKey(userId), stored], ...files], drafts());
  const gone = existing.filter((k) => k.startsWith(filePrefix(userId)) && !wanted.has(k));
  if (gone.length > 0) await delMany(gone, drafts());
}

/** The user's draft, or null (none, another version, or storage unavailable). */
export async function loadDraft(userId: number): Promise<WizardDraft | null> {
  try {
    const stored = await get<StoredDraft>(draftKey(userId), drafts());
    if (!stored || stored.version !== DRAFT_VERSION) return null;
    const documents: DocumentItem[] = [];
    for (const d of stored.documents) {
      const files = await get<StoredFiles>(filePrefix(userId) + d.key, drafts());
      if (!files) continue;
      documents.push({
        key: d.key,
        file: new File([files.file], d.name, { type: d.type }),
        pdf: files.pdf ? new Blob([files.pdf], { type: files.pdfType }) : null,
        pages: d.pages,
        status: 'ready',
        config: d.config,
        hasAcroforms: d.hasAcroforms,
        formsEnabled: d.formsEnabled,
        detected: d.detected ?? [],
      });
    }
    return { step: stored.step, values: stored.values, documents };
  } catch (error) {
    console.error(error);
    return null;
  }
}

/** Removes the user's draft and its files. */
export async function deleteDraft(userId: number): Promise<void> {
  const mine = (await keys(drafts()))
    .map(String)
    .filter((k) => k === draftKey(userId) || k.startsWith(filePrefix(userId)));
  await delMany(mine, drafts());
}

/** Removes every draft in this browser (logout). */
export async function clearDrafts(): Promise<void> {
  await clear(drafts());
}
