import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSignerBody, CreateSignRequestBody } from '@paraaf/contract';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/auth';

export type SendStage =
  | { kind: 'create' }
  | { kind: 'signer'; index: number; total: number }
  | { kind: 'signable'; index: number; total: number }
  | { kind: 'ready' };

export interface SendInput {
  request: CreateSignRequestBody;
  signers: { body: CreateSignerBody; locale: string }[];
  signables: (() => FormData)[];
}

/** A failed step of the flow; `signRequestId` is set once the draft exists. */
export class SendFailure extends Error {
  readonly error: unknown;
  readonly stage: SendStage;
  readonly signRequestId: number | null;

  constructor(error: unknown, stage: SendStage, signRequestId: number | null) {
    super(error instanceof Error ? error.message : 'Versturen mislukt');
    this.name = 'SendFailure';
    this.error = error;
    this.stage = stage;
    this.signRequestId = signRequestId;
  }
}

/** How far the flow is, 0..1, for the progress bar. */
export function stageProgress(stage: SendStage, signers: number, signables: number): number {
  const total = 2 + signers + signables;
  const done =
    stage.kind === 'create'
      ? 0
      : stage.kind === 'signer'
        ? 1 + stage.index
        : stage.kind === 'signable'
          ? 1 + signers + stage.index
          : 1 + signers + signables;
  return done / total;
}

/**
 * The creation flow of seed 000 §4: create the request, add each signer (in its own language),
 * add each document, mark it ready. One call at a time, so the signers keep their order.
 */
export async function sendSignRequest(
  input: SendInput,
  onStage: (stage: SendStage) => void = () => {},
): Promise<{ id: number }> {
  let stage: SendStage = { kind: 'create' };
  let id: number | null = null;
  try {
    onStage(stage);
    const created = await api.post<{ id: number }>('/sign-requests', input.request);
    id = created.id;
    const total = input.signers.length;
    for (const [index, signer] of input.signers.entries()) {
      stage = { kind: 'signer', index, total };
      onStage(stage);
      await api.post(`/sign-requests/${id}/signers`, signer.body, {
        headers: { 'Content-Language': signer.locale },
      });
    }
    for (const [index, build] of input.signables.entries()) {
      stage = { kind: 'signable', index, total: input.signables.length };
      onStage(stage);
      await api.post(`/sign-requests/${id}/signables`, build());
    }
    stage = { kind: 'ready' };
    onStage(stage);
    await api.post(`/sign-requests/${id}/ready`);
    return { id };
  } catch (error) {
    throw new SendFailure(error, stage, id);
  }
}

export function useSendSignRequest(onStage: (stage: SendStage) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendInput) => sendSignRequest(input, onStage),
    // Credits changed (or a draft was made): refresh the company and any sign-request list.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.company }),
        queryClient.invalidateQueries({ queryKey: ['sign-requests'] }),
      ]);
    },
  });
}
