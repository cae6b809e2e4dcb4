import type { JournalEntree, JournalVerification } from '@comptoir/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { shopPath } from '../../lib/shop';

/** The current shop's inalterable journal (`…/journal`): last entries, and its verification. */
export const useDernieresEntrees = (serviceId: number) =>
  useQuery({
    queryKey: ['journal', serviceId],
    queryFn: () => http.get<JournalEntree[]>(shopPath(serviceId, 'journal')),
  });

export const useVerification = (serviceId: number) =>
  useMutation({
    mutationFn: () => http.get<JournalVerification>(shopPath(serviceId, 'journal/verification')),
  });
