import type { EmbedSigningSession } from '@paraaf/contract';
import { openEmbedLink } from '../../../lib/embed-host';

/** Uses the signer's embed link once for the signer page's token. */
export const openEmbedSigning = (token: string) =>
  openEmbedLink<EmbedSigningSession>('signing', token);
