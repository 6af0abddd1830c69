import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, Session } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

export const register = (body: RegisterBody) => api.post<Session>('/auth/register', body);

export const useRegister = () => useMutation({ mutationFn: register });
