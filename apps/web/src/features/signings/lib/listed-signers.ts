import type { SignRequestListItem } from '@paraaf/contract';
import { texts } from '../texts';

type ListSigner = SignRequestListItem['signers'][number];

/** A name as the list shows it. */
export interface ListedSigner {
  id: number;
  label: string;
}

/**
 * The list's signers as the screen names them: those who sign or approve (an approver marked) and
 * the copies (cc), each in position order. One who handed over is left out: the delegate, a
 * signer of its own right after it, stands in that place.
 */
export function listedSigners(signers: readonly ListSigner[]): {
  acting: ListedSigner[];
  copies: ListedSigner[];
} {
  const present = signers.filter((s) => !s.delegated);
  const label = (s: ListSigner) => {
    const name = `${s.firstname} ${s.lastname}`;
    return { id: s.id, label: s.role === 'approver' ? texts.approverName(name) : name };
  };
  return {
    acting: present.filter((s) => s.role !== 'cc').map(label),
    copies: present.filter((s) => s.role === 'cc').map(label),
  };
}
