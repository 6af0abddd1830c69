import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface PasswordResetInput {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

export const resetPassword = ({ token, ...body }: PasswordResetInput) =>
  api.post<unknown>(`/auth/password-reset/${encodeURIComponent(token)}`, body, {
    skipUnauthorizedHandler: true,
  });

export const usePasswordReset = () => useMutation({ mutationFn: resetPassword });
