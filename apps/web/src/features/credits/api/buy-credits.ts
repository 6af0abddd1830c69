import { useMutation } from '@tanstack/react-query';
import type { BuyCreditsBody, RedirectAnswer } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

/** POST /api/credits: answers the provider's checkout URL. */
export const buyCredits = (body: BuyCreditsBody) => api.post<RedirectAnswer>('/credits', body);

export const useBuyCredits = () => useMutation({ mutationFn: buyCredits });
