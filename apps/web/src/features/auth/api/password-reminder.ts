import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const sendPasswordReminder = (body: { email: string }) =>
  api.post<{ message: string }>('/auth/password-reminder', body, {
    skipUnauthorizedHandler: true,
  });

export const usePasswordReminder = () => useMutation({ mutationFn: sendPasswordReminder });
