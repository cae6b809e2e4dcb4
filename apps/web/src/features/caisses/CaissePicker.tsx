import type { Caisse } from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useEffect } from 'react';
import { FormField } from '../../components/FormField';
import { rememberedCaisse, useCaisses } from './api';

/** What a back-office document that moves money says when no register is open. */
export const SANS_CAISSE = {
  vente:
    'Aucune caisse n’est ouverte : ouvrez-en une au point de vente pour encaisser cette vente, ou enregistrez-la à crédit.',
  retour:
    'Aucune caisse n’est ouverte : ouvrez-en une au point de vente pour rembourser ce retour.',
  reglement:
    'Aucune caisse n’est ouverte : ouvrez-en une au point de vente pour recevoir ce règlement.',
} as const;
export type DocumentEncaisse = keyof typeof SANS_CAISSE;

/** The error of a document that moves money without a register to name (none is open). */
export const erreurCaisse = (pour: DocumentEncaisse, encaisse: boolean, caisseId: number | null) =>
  encaisse && caisseId === null ? SANS_CAISSE[pour] : undefined;

/** The body of a document: it names the register when it moves money. */
export const avecCaisse = <B extends object>(
  body: B,
  encaisse: boolean,
  caisseId: number | null,
) => (encaisse && caisseId !== null ? { ...body, caisseId } : body);

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
  /** The document that moves the money: its ids (`vente-caisse`) and its message without a register. */
  pour?: DocumentEncaisse;
}

/**
 * « Caisse qui encaisse » of a back-office sale, return or repayment that moves money
 * (docs/regles-metier.md « Caisses et sessions »): one of the shop's registers with an open session.
 */
export function CaissePicker({ serviceId, value, onChange, error, pour = 'vente' }: Props) {
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
        text={SANS_CAISSE[pour]}
        className="w-full justify-content-start mt-3"
        data-testid={`${pour}-sans-caisse`}
      />
    );
  return (
    <FormField
      id={`${pour}-caisse`}
      label="Caisse qui encaisse"
      error={error}
      className="field mt-3"
    >
      <Dropdown
        inputId={`${pour}-caisse`}
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
