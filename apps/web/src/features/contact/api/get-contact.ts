import { useQuery } from '@tanstack/react-query';
import type { ContactDetails } from '@paraaf/contract';
import { api } from '../../../lib/api-client';

/** Paraaf's own details: the seller settings the invoices print too. */
export const getContact = () => api.get<ContactDetails>('/contact');

export const useContact = () =>
  useQuery({ queryKey: ['contact'], queryFn: getContact, staleTime: Infinity });
