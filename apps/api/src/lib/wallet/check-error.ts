import type { WalletFailure } from '@paraaf/contract';

/**
 * A wallet answer that is refused: `failure` picks the Dutch message the signer reads
 * (contract walletMessages), `message` is the detail for the log and the session row.
 */
export class WalletCheckError extends Error {
  constructor(
    readonly failure: WalletFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WalletCheckError';
  }
}
