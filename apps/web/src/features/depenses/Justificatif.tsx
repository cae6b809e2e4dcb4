import type { Depense } from '@comptoir/shared';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useEffect, useMemo } from 'react';
import { depenseKeys, fetchJustificatif } from './api';

interface Props {
  serviceId: number;
  depense: Depense;
}

/**
 * The receipt of an expense, fetched with the session (the server serves it to the shop's members
 * only): a photo shown, a PDF opened in a new tab.
 */
export function Justificatif({ serviceId, depense }: Props) {
  const j = depense.justificatif;
  const blob = useQuery({
    queryKey: [...depenseKeys.detail(serviceId, depense.id), 'justificatif', depense.updatedAt],
    queryFn: () => fetchJustificatif(serviceId, depense.id),
    enabled: j !== null,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!j) return <p className="m-0 text-color-secondary">Aucun justificatif.</p>;
  if (!url) return <p className="m-0">Chargement du justificatif…</p>;
  if (j.type === 'pdf')
    return (
      <Button
        type="button"
        label="Ouvrir le justificatif (PDF)"
        icon="pi pi-file-pdf"
        outlined
        onClick={() => window.open(url, '_blank', 'noopener')}
      />
    );
  return (
    <img
      src={url}
      alt={`Justificatif : ${depense.libelle}`}
      style={{ maxWidth: '100%', maxHeight: '20rem', objectFit: 'contain' }}
      className="border-round"
      data-testid="justificatif-photo"
    />
  );
}
