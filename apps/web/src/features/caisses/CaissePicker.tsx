import type { Caisse } from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useEffect } from 'react';
import { FormField } from '../../components/FormField';
import { rememberedCaisse, useCaisses } from './api';

export const ERREUR_SANS_CAISSE =
  'Aucune caisse n’est ouverte : ouvrez-en une au point de vente pour encaisser cette vente, ou enregistrez-la à crédit.';

/** The register that takes the money by default: this device's if open, else the first open. */
export function caisseParDefaut(caisses: readonly Caisse[], remembered: number | null) {
  const ouvertes = caisses.filter((c) => c.session !== null);
  return (ouvertes.find((c) => c.id === remembered) ?? ouvertes[0])?.id ?? null;
}

interface Props {
  serviceId: number;
  /** The chosen register; null until the registers are known (or none is open). */
  value: number | null;
  onChange: (caisseId: number | null) => void;
  error?: string | undefined;
}

/**
 * « Caisse qui encaisse » of a back-office sale that receives money (docs/regles-metier.md
 * « Caisses et sessions »): one of the shop's registers with an open session.
 */
export function CaissePicker({ serviceId, value, onChange, error }: Props) {
  const caisses = useCaisses(serviceId);
  const ouvertes = (caisses.data ?? []).filter((c) => c.session !== null);
  const valid = ouvertes.some((c) => c.id === value);
  const fallback = caisses.data ? caisseParDefaut(caisses.data, rememberedCaisse(serviceId)) : null;
  useEffect(() => {
    if (!valid && fallback !== value) onChange(fallback);
  }, [valid, fallback, value, onChange]);
  if (caisses.isPending) return null;
  if (ouvertes.length === 0)
    return (
      <Message
        severity="warn"
        text={ERREUR_SANS_CAISSE}
        className="w-full justify-content-start mt-3"
        data-testid="vente-sans-caisse"
      />
    );
  return (
    <FormField id="vente-caisse" label="Caisse qui encaisse" error={error} className="field mt-3">
      <Dropdown
        inputId="vente-caisse"
        value={value}
        options={ouvertes}
        optionLabel="nom"
        optionValue="id"
        onChange={(e) => onChange(e.value as number)}
        className="w-full md:w-20rem"
      />
    </FormField>
  );
}
