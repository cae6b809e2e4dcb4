import { formatDateTime, formatMoney, type FactureNature, type TiersRef } from '@comptoir/shared';
import { Calendar } from 'primereact/calendar';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { TiersPicker } from '../../components/document/TiersPicker';
import { newCleIdempotence } from '../../lib/cle-idempotence';
import { fromIsoDay, toIsoDay } from '../../lib/dates';
import { errorMessage } from '../../lib/errors';
import { useCurrentShop } from '../../lib/shop';
import { useFeedback } from '../../lib/use-feedback';
import { searchClients, useCreateFacture, useFacturables } from './api';
import { NATURE_OPTIONS } from './nature';

interface Props {
  serviceId: number;
  devise: string;
  onHide: () => void;
}

/**
 * « Facture récapitulative »: a customer, a period, the customer's sales not invoiced yet over it
 * (all ticked), the nature of the operation; one invoice for the ticked sales.
 */
export function RecapDialog({ serviceId, devise, onHide }: Props) {
  const { timeZone } = useCurrentShop();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const [client, setClient] = useState<TiersRef | null>(null);
  const [du, setDu] = useState<string | null>(null);
  const [au, setAu] = useState<string | null>(null);
  const [nature, setNature] = useState<FactureNature>('biens');
  const [exclues, setExclues] = useState<ReadonlySet<number>>(new Set());
  const [cle] = useState(newCleIdempotence);
  const query = { clientId: client?.id ?? 0, ...(du ? { du } : {}), ...(au ? { au } : {}) };
  const ventes = useFacturables(serviceId, query, client !== null);
  const create = useCreateFacture(serviceId);
  const choisies = (ventes.data ?? []).filter((v) => !exclues.has(v.id));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!client || choisies.length === 0) return;
    create.mutate(
      { cleIdempotence: cle, venteIds: choisies.map((v) => v.id), clientId: client.id, nature },
      {
        onSuccess: (f) => {
          feedback.success('Facture émise', `La facture ${f.numero} est émise.`);
          void navigate(`/pages/factures/${f.id}`);
        },
      },
    );
  };
  const calendar = (
    id: string,
    label: string,
    value: string | null,
    set: (d: string | null) => void,
  ) => (
    <FormField id={id} label={label} className="field col-12 md:col-6">
      <Calendar
        inputId={id}
        value={fromIsoDay(value ?? undefined)}
        onChange={(e) => set(e.value instanceof Date ? toIsoDay(e.value) : null)}
        dateFormat="dd/mm/yy"
        showIcon
        showButtonBar
        className="w-full"
      />
    </FormField>
  );

  return (
    <FormDialog
      header="Facture récapitulative"
      visible
      onHide={onHide}
      formId="facture-recap"
      saving={create.isPending}
      width="48rem"
      submitLabel="Émettre la facture"
    >
      <form id="facture-recap" onSubmit={submit} noValidate className="formgrid grid">
        <FormField id="recap-client" label="Client" className="field col-12 md:col-6">
          <TiersPicker
            type="client"
            inputId="recap-client"
            search={(q) => searchClients(serviceId, q)}
            value={client}
            onChange={(c) => {
              setClient(c);
              setExclues(new Set());
            }}
            placeholder="Choisir un client"
          />
        </FormField>
        <FormField
          id="recap-nature"
          label="Nature de l’opération"
          className="field col-12 md:col-6"
        >
          <Dropdown
            inputId="recap-nature"
            value={nature}
            options={NATURE_OPTIONS}
            onChange={(e) => setNature(e.value as FactureNature)}
            className="w-full"
          />
        </FormField>
        {calendar('recap-du', 'Ventes du', du, setDu)}
        {calendar('recap-au', 'Au', au, setAu)}
        <div className="col-12">
          {client === null ? (
            <p className="text-color-secondary">Choisissez le client à facturer.</p>
          ) : ventes.isPending ? (
            <p role="status">Chargement…</p>
          ) : (ventes.data ?? []).length === 0 ? (
            <p>Aucune vente de ce client à facturer sur la période.</p>
          ) : (
            <ul className="list-none p-0 m-0" aria-label="Ventes à facturer">
              {ventes.data!.map((v) => (
                <li key={v.id} className="flex align-items-center gap-2 py-1">
                  <Checkbox
                    inputId={`recap-vente-${v.id}`}
                    checked={!exclues.has(v.id)}
                    onChange={(e) => {
                      const next = new Set(exclues);
                      if (e.checked) next.delete(v.id);
                      else next.add(v.id);
                      setExclues(next);
                    }}
                  />
                  <label htmlFor={`recap-vente-${v.id}`}>
                    {`${v.numero} · ${formatDateTime(v.createdAt, timeZone)} · ${formatMoney(v.totalTtc - v.montantRetourne, devise)}`}
                  </label>
                </li>
              ))}
            </ul>
          )}
          {client !== null && choisies.length > 0 && (
            <p className="font-semibold">{`${choisies.length} vente${choisies.length > 1 ? 's' : ''} à facturer`}</p>
          )}
          {create.isError && (
            <Message
              severity="error"
              text={errorMessage(create.error)}
              className="w-full justify-content-start"
            />
          )}
        </div>
      </form>
    </FormDialog>
  );
}
