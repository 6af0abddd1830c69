import type { ReactNode } from 'react';
import type { DetectedMarker, MarkerConfig } from '@paraaf/contract';

/** A signer the markers can belong to; `position` is 1-based. */
export interface EditorSigner {
  position: number;
  label: string;
  /**
   * The signer's verification types, when known (the wizard): a signature or paraph marker for
   * a signer who does not sign or paraph is refused. Unknown (templates): nothing is refused.
   */
  verifications?: readonly number[];
}

export type ReusableSource = 'templates' | 'signrequests';

export interface MarkerEditorModalProps {
  opened: boolean;
  /** The document (PDF) to place markers on. */
  pdf: Blob | null;
  signers: EditorSigner[];
  /** The markers to start with. */
  value: MarkerConfig;
  /** Fields the server found on upload: shown dashed until taken over or turned down. */
  suggestions?: DetectedMarker[];
  /** Wizard: input fields go only to signer 1 (seed 000 §2). */
  fieldsOnlyFirstSigner?: boolean;
  /** The plan feature input_fields: without it the palette offers no input fields. */
  inputFields?: boolean;
  /** E.g. the Templates screen's 'Template naam' input. */
  header?: ReactNode;
  /** Default 'Opslaan'. */
  saveLabel?: string;
  /** Locks the modal (no Escape/backdrop close) while saving. */
  saving?: boolean;
  /** Where reusable markers are searched; default ['signrequests']. */
  reusableSources?: ReusableSource[];
  /**
   * The markers, and the suggestions as given with those turned down flagged `rejected` (kept by
   * the caller and sent with the upload, so they are not offered or placed again).
   */
  onSave: (config: MarkerConfig, suggestions: DetectedMarker[]) => void;
  /** Every change the user makes to the markers (not the first value): unsaved work a caller may save itself. */
  onChange?: (config: MarkerConfig) => void;
  onClose: () => void;
}
