import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface PasswordChangeInput {
  oldpassword: string;
  password: string;
  password_confirmation: string;
}

export const changePassword = (body: PasswordChangeInput) =>
  api.post<unknown>('/user/password-change', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
