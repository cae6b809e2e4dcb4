import { TIERS_LABELS, type TiersRef, type TypeTiers } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { confirmDuplicate, isDuplicateWarning } from '../../lib/duplicate';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { useFeedback } from '../../lib/use-feedback';
import './document.css';

export interface NewTiers {
  nom: string;
  telephone: string | null;
  confirmerDoublon: boolean;
}

interface Props {
  type: TypeTiers;
  /** What was typed in the picker: a phone number or a name. */
  initial: string;
  create: (body: NewTiers) => Promise<TiersRef>;
  onClose: () => void;
  onCreated: (t: TiersRef) => void;
}

const NOMS: Record<TypeTiers, string> = { client: 'du client', fournisseur: 'du fournisseur' };

/** A customer or a supplier created on the spot with a name and a phone. */
export function NewTiersDialog({ type, initial, create, onClose, onCreated }: Props) {
  const labels = TIERS_LABELS[type];
  const phoneLike = /^[+\d\s.-]{6,}$/.test(initial.trim());
  const [nom, setNom] = useState(phoneLike ? '' : initial);
  const [telephone, setTelephone] = useState(phoneLike ? initial : '');
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();

  const send = async (confirmerDoublon: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const t = await create({
        nom: nom.trim(),
        telephone: telephone.trim() || null,
        confirmerDoublon,
      });
      feedback.success(
        type === 'client' ? 'Client créé' : 'Fournisseur créé',
        `« ${t.nom} » a été ajouté.`,
      );
      onCreated(t);
    } catch (e) {
      if (isDuplicateWarning(e) && !confirmerDoublon) confirmDuplicate(e, () => void send(true));
      else {
        setFields(fieldErrorsOf(e));
        setError(errorMessage(e));
      }
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    void send(false);
  };

  return (
    <Dialog header={labels.nouveau} visible onHide={onClose} className="doc-dialog-small" modal>
      <form onSubmit={submit} className="flex flex-column gap-3" aria-label={labels.nouveau}>
        {error && <Message severity="error" text={error} />}
        <div className="flex flex-column gap-1">
          <label htmlFor="tiers-nom">Nom {NOMS[type]}</label>
          <InputText
            id="tiers-nom"
            value={nom}
            onChange={(e) => setNom(e.target.value)}
            autoFocus
            invalid={Boolean(fields['nom'])}
          />
          {fields['nom'] && <small className="p-error">{fields['nom']}</small>}
        </div>
        <div className="flex flex-column gap-1">
          <label htmlFor="tiers-telephone">Téléphone {NOMS[type]}</label>
          <InputText
            id="tiers-telephone"
            type="tel"
            value={telephone}
            onChange={(e) => setTelephone(e.target.value)}
            invalid={Boolean(fields['telephone'])}
          />
          {fields['telephone'] && <small className="p-error">{fields['telephone']}</small>}
        </div>
        <div className="flex justify-content-end gap-2">
          <Button type="button" label="Annuler" severity="secondary" text onClick={onClose} />
          <Button type="submit" label={`Créer ${labels.le}`} loading={busy} />
        </div>
      </form>
    </Dialog>
  );
}
