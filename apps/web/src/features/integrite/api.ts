import type {
  ClotureJournal,
  Page,
  ClotureJournalInput,
  JournalCle,
  JournalArchive,
  JournalEntree,
  JournalVerification,
} from '@comptoir/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, requestBlob } from '../../lib/http';
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

/** Closures (`…/journal/clotures`) and the installation's public key (`…/journal/cle`). */
export const useClotures = (serviceId: number) =>
  useQuery({
    queryKey: ['journal', serviceId, 'clotures'],
    queryFn: () => http.get<ClotureJournal[]>(shopPath(serviceId, 'journal/clotures')),
  });

export const useCle = (serviceId: number) =>
  useQuery({
    queryKey: ['journal', 'cle'],
    queryFn: () => http.get<JournalCle>(shopPath(serviceId, 'journal/cle')),
    staleTime: Infinity,
  });

export function useCloturer(serviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (periode: ClotureJournalInput['periode']) =>
      http.post<ClotureJournal>(shopPath(serviceId, 'journal/clotures'), { periode }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['journal', serviceId] }),
  });
}

/** The signed archives of the month and year closures (`…/journal/archives`) and their zip. */
export const useArchives = (serviceId: number) =>
  useQuery({
    queryKey: ['journal', serviceId, 'archives'],
    queryFn: () => http.get<JournalArchive[]>(shopPath(serviceId, 'journal/archives')),
  });

export const fetchArchive = (serviceId: number, archiveId: number) =>
  requestBlob(shopPath(serviceId, `journal/archives/${archiveId}/zip`));

/** The accounting entries file (FEC) of a period of the shop's days (`…/journal/fec`). */
export const fetchFec = (serviceId: number, du: string, au: string) =>
  requestBlob(shopPath(serviceId, 'journal/fec'), { query: { du, au } });

/** The technical events journal (`…/journal/jet`), a page at a time. */
export const useJet = (serviceId: number, page: number, size: number) =>
  useQuery({
    queryKey: ['journal', serviceId, 'jet', page, size],
    queryFn: () =>
      http.get<Page<JournalEntree>>(shopPath(serviceId, 'journal/jet'), { query: { page, size } }),
  });
