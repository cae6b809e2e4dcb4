import type { Client } from '@comptoir/shared';
import { AutoComplete } from 'primereact/autocomplete';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useRef, useState, type FormEvent } from 'react';
import { confirmDuplicate, isDuplicateWarning } from '../../lib/duplicate';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { createClient, searchClients } from './api';
import type { CartClient } from './cart';

interface Props {
  serviceId: number;
  value: CartClient | null;
  onChange: (client: CartClient | null) => void;
  onDone: () => void;
}

const label = (c: CartClient) => (c.telephone ? `${c.nom} — ${c.telephone}` : c.nom);
const toCartClient = (c: Client): CartClient => ({ id: c.id, nom: c.nom, telephone: c.telephone });

/** The optional customer of the sale: found by name or phone, or created with a name and a phone. */
export function CustomerPicker({ serviceId, value, onChange, onDone }: Props) {
  const [text, setText] = useState<string | CartClient>(value ?? '');
  const [found, setFound] = useState<CartClient[]>([]);
  const [creating, setCreating] = useState(false);
  const lastSearch = useRef(0);

  if (value && typeof text === 'string' && text === '') setText(value);
  if (!value && typeof text !== 'string') setText('');

  return (
    <div className="pos-customer">
      <div className="p-inputgroup">
        <AutoComplete
          inputId="pos-client"
          aria-label="Client (nom ou téléphone)"
          placeholder="Client : nom ou téléphone (facultatif)"
          value={text}
          suggestions={found}
          field="nom"
          itemTemplate={(c: CartClient) => label(c)}
          selectedItemTemplate={(c: CartClient) => label(c)}
          completeMethod={(e) => {
            // Answers can arrive out of order: only the one for the latest text fills the list.
            const ticket = ++lastSearch.current;
            void searchClients(serviceId, e.query).then((items) => {
              if (ticket === lastSearch.current) setFound(items.map(toCartClient));
            });
          }}
          onChange={(e) => setText(e.value as string | CartClient)}
          onSelect={(e) => {
            onChange(e.value as CartClient);
            onDone();
          }}
          delay={200}
          className="w-full"
          inputClassName="w-full"
        />
        {value ? (
          <Button
            type="button"
            icon="pi pi-times"
            severity="secondary"
            outlined
            aria-label="Retirer le client"
            onClick={() => {
              onChange(null);
              onDone();
            }}
          />
        ) : (
          <Button
            type="button"
            icon="pi pi-user-plus"
            severity="secondary"
            outlined
            aria-label="Nouveau client"
            onClick={() => setCreating(true)}
          />
        )}
      </div>
      {creating && (
        <NewClientDialog
          serviceId={serviceId}
          initial={typeof text === 'string' ? text : ''}
          onClose={() => {
            setCreating(false);
            onDone();
          }}
          onCreated={(c) => {
            onChange(toCartClient(c));
            setText(toCartClient(c));
            setCreating(false);
            onDone();
          }}
        />
      )}
    </div>
  );
}

function NewClientDialog({
  serviceId,
  initial,
  onClose,
  onCreated,
}: {
  serviceId: number;
  initial: string;
  onClose: () => void;
  onCreated: (c: Client) => void;
}) {
  const phoneLike = /^[+\d\s.-]{6,}$/.test(initial.trim());
  const [nom, setNom] = useState(phoneLike ? '' : initial);
  const [telephone, setTelephone] = useState(phoneLike ? initial : '');
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const send = async (confirmerDoublon: boolean) => {
    setBusy(true);
    setError(null);
    try {
      onCreated(
        await createClient(serviceId, { nom, telephone: telephone || null, confirmerDoublon }),
      );
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
    void send(false);
  };

  return (
    <Dialog header="Nouveau client" visible onHide={onClose} className="pos-dialog-small" modal>
      <form onSubmit={submit} className="flex flex-column gap-3" aria-label="Nouveau client">
        {error && <Message severity="error" text={error} />}
        <div className="flex flex-column gap-1">
          <label htmlFor="pos-client-nom">Nom</label>
          <InputText
            id="pos-client-nom"
            value={nom}
            onChange={(e) => setNom(e.target.value)}
            autoFocus
            invalid={Boolean(fields['nom'])}
          />
          {fields['nom'] && <small className="p-error">{fields['nom']}</small>}
        </div>
        <div className="flex flex-column gap-1">
          <label htmlFor="pos-client-tel">Téléphone</label>
          <InputText
            id="pos-client-tel"
            type="tel"
            value={telephone}
            onChange={(e) => setTelephone(e.target.value)}
            invalid={Boolean(fields['telephone'])}
          />
          {fields['telephone'] && <small className="p-error">{fields['telephone']}</small>}
        </div>
        <div className="flex justify-content-end gap-2">
          <Button type="button" label="Annuler" severity="secondary" text onClick={onClose} />
          <Button type="submit" label="Créer le client" loading={busy} />
        </div>
      </form>
    </Dialog>
  );
}
