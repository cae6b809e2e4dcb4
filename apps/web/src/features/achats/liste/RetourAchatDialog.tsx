import {
  MODES_PAIEMENT,
  MODE_PAIEMENT_LABELS,
  formatMoney,
  formatQuantity,
  montantRetour,
  type Achat,
  type ModePaiement,
  type RetourAchat,
} from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../../components/FormDialog';
import { FormField } from '../../../components/FormField';
import { QuantityInput } from '../../../components/QuantityInput';
import { newCleIdempotence } from '../../../lib/cle-idempotence';
import { errorMessage } from '../../../lib/errors';
import { useRetourAchat } from '../api';

interface Props {
  serviceId: number;
  achat: Achat;
  onDone: (retour: RetourAchat) => void;
  onHide: () => void;
}

const FORM_ID = 'retour-achat-form';
const MODE_OPTIONS = MODES_PAIEMENT.map((value) => ({ value, label: MODE_PAIEMENT_LABELS[value] }));

/**
 * « Retour au fournisseur »: per line the quantity sent back (never more than bought minus already
 * returned), its amount as the server computes it; it reduces what is owed first, the supplier
 * pays back the rest (in the mode chosen). One idempotency key per opening.
 */
export function RetourAchatDialog({ serviceId, achat, onDone, onHide }: Props) {
  const [cle] = useState(newCleIdempotence);
  const [quantites, setQuantites] = useState<Record<number, number | null>>({});
  const [mode, setMode] = useState<ModePaiement>('especes');
  const [motif, setMotif] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const retour = useRetourAchat(serviceId, achat.id);
  const lignes = achat.lignes.filter((l) => l.quantite > l.quantiteRetournee);
  const parts = lignes.map((l) => {
    const q = Math.min(quantites[l.id] ?? 0, l.quantite - l.quantiteRetournee);
    return { l, q, montant: montantRetour(l.montant, l.quantite, l.quantiteRetournee, q) };
  });
  const montant = parts.reduce((s, p) => s + p.montant, 0);
  const impute = Math.min(montant, Math.max(0, achat.reste));
  const rembourse = montant - impute;
  const money = (v: number) => formatMoney(v, achat.devise);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const choisies = parts.filter((p) => p.q > 0);
    if (choisies.length === 0) return setLocal('Indiquez au moins une quantité à retourner.');
    setLocal(null);
    retour.mutate(
      {
        cleIdempotence: cle,
        lignes: choisies.map((p) => ({ ligneId: p.l.id, quantite: p.q })),
        modeRemboursement: rembourse > 0 ? mode : null,
        motif: motif.trim() || null,
      },
      { onSuccess: onDone },
    );
  };
  const erreur = local ?? (retour.isError ? errorMessage(retour.error) : null);
  return (
    <FormDialog
      header="Retour au fournisseur"
      visible
      onHide={onHide}
      formId={FORM_ID}
      saving={retour.isPending}
      width="40rem"
    >
      <form id={FORM_ID} onSubmit={submit} noValidate aria-label="Retour au fournisseur">
        {erreur && (
          <Message severity="error" text={erreur} className="w-full justify-content-start mb-3" />
        )}
        {parts.map(({ l, montant: m }) => (
          <FormField
            key={l.id}
            id={`retour-achat-${l.id}`}
            label={`${l.nom} (au plus ${formatQuantity(l.quantite - l.quantiteRetournee)}\u00A0${l.uniteSymbole}) : ${money(m)}`}
          >
            <QuantityInput
              id={`retour-achat-${l.id}`}
              value={quantites[l.id] ?? null}
              onChange={(q) => setQuantites((all) => ({ ...all, [l.id]: q }))}
              fractionnable
              suffix={l.uniteSymbole}
              min={0}
            />
          </FormField>
        ))}
        <p className="m-0 mb-3" data-testid="retour-achat-montant">
          {`Montant du retour : ${money(montant)} — déduit de la dette : ${money(impute)}${rembourse > 0 ? ` — remboursé par le fournisseur : ${money(rembourse)}` : ''}`}
        </p>
        {rembourse > 0 && (
          <FormField id="retour-achat-mode" label="Mode de remboursement">
            <Dropdown
              inputId="retour-achat-mode"
              value={mode}
              options={MODE_OPTIONS}
              onChange={(e) => setMode(e.value as ModePaiement)}
              className="w-full"
            />
          </FormField>
        )}
        <FormField id="retour-achat-motif" label="Motif (facultatif)">
          <InputText
            id="retour-achat-motif"
            value={motif}
            onChange={(e) => setMotif(e.target.value)}
            maxLength={255}
            className="w-full"
          />
        </FormField>
      </form>
    </FormDialog>
  );
}
