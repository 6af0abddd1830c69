import { useMutation } from '@tanstack/react-query';
import type { VerifyResult } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

/** POST /api/verify: public; compares the file's SHA-256 with every sealed document. */
export async function verifyDocument(file: File): Promise<VerifyResult> {
  const form = new FormData();
  form.append('file', file);
  return api.post<VerifyResult>('/verify', form);
}

export const useVerifyDocument = () => useMutation({ mutationFn: verifyDocument });
