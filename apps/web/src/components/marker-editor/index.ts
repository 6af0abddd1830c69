/**
 * The marker editor 'Formuliermarkers instellen' (seed 000 §2), shared by the new-signing wizard
 * and the Templates screen. The modal shell is light; its body (pdf.js, the page list) loads on
 * first open.
 */
export { MarkerEditorModal } from './marker-editor-modal';
export type { EditorSigner, MarkerEditorModalProps } from './types';
export {
  encodeMarkerForm,
  encodeRejectedSuggestions,
  countMarkers,
  highestSigner,
  emptyMarkerConfig,
} from './lib/encode';
