import {
  formatMoney,
  type RemiseInput as Remise,
  type TypeVentePage,
  type Vente,
} from '@comptoir/shared';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormField } from '../../components/FormField';
import { PageHeader } from '../../components/PageHeader';
import { WithShop } from '../../components/WithShop';
import { addDaysIso, fromIsoDay, toIsoDay, todayIso } from '../../lib/dates';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { http } from '../../lib/http';
import { shopPath, useCurrentShop } from '../../lib/shop';
import { useShopMutation } from '../../lib/shop-mutation';
import type { ClientRef } from '../clients/ClientPicker';
import { useReceiptShop } from '../receipt/api';
import { newCleIdempotence } from '../../lib/cle-idempotence';
import { ClientSection } from './ClientSection';
import { LignesEditor } from './LignesEditor';
import { PaiementsEditor } from './PaiementsEditor';
import {
  ajouter,
  calculer,
  prixDe,
  soldePaiements,
  venteBody,
  venteErrors,
  type LignePanier,
  type PaiementSaisi,
} from './panier';
import { ProduitPicker } from './ProduitPicker';
import { RemiseInput } from './RemiseInput';

const FORM_ID = 'vente-oneline-form';

function VenteOneline({ serviceId }: { serviceId: number }) {
  const { devise } = useCurrentShop();
  const shop = useReceiptShop(serviceId);
  const types = useQuery({
    queryKey: ['types-ventes', 'options'],
    queryFn: () =>
      http.get<TypeVentePage>('/api/types-ventes', {
        query: { page: 1, size: 100, actif: true, sort: 'id,asc' },
      }),
    select: (p) => p.items,
    staleTime: 5 * 60_000,
  });
  // The key of this sale, kept across retries until the sale is recorded.
  const [cle, setCle] = useState(newCleIdempotence);
  const [typeVenteId, setTypeVenteId] = useState<number | null>(null);
  const [client, setClient] = useState<ClientRef | null>(null);
  const [lignes, setLignes] = useState<LignePanier[]>([]);
  const [remiseGlobale, setRemiseGlobale] = useState<Remise | null>(null);
  const [paiements, setPaiements] = useState<PaiementSaisi[]>([]);
  const [echeance, setEcheance] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [creee, setCreee] = useState<Vente | null>(null);
  const create = useShopMutation(
    (body: ReturnType<typeof venteBody>) => http.post<Vente>(shopPath(serviceId, 'ventes'), body),
    [
      ['ventes', serviceId],
      ['produits', serviceId],
      ['clients', serviceId],
      ['dettes', serviceId],
    ],
  );

  if (devise === null || shop.isPending || types.isPending) return <p role="status">Chargement…</p>;
  if (shop.isError || types.isError)
    return (
      <Message
        severity="error"
        text={errorMessage(shop.error ?? types.error)}
        className="w-full justify-content-start"
      />
    );
  const typeId =
    typeVenteId ??
    types.data.find((t) => t.prixUtilise === 'detail')?.id ??
    types.data[0]?.id ??
    null;
  const prix = types.data.find((t) => t.id === typeId)?.prixUtilise ?? 'detail';
  const totaux = calculer(lignes, remiseGlobale, prix, {
    assujettiTva: shop.data.assujettiTva,
    prixTtc: shop.data.prixTtc,
  });
  const solde = soldePaiements(totaux.totalTtc, paiements);
  const saisie = {
    cle,
    typeVenteId: typeId,
    clientId: client?.id ?? null,
    lignes,
    remiseGlobale,
    paiements,
    echeance,
    note,
  };
  const errors = { ...fieldErrorsOf(create.error), ...localErrors };
  const money = (v: number) => formatMoney(v, devise);

  const reset = () => {
    setCle(newCleIdempotence());
    setClient(null);
    setLignes([]);
    setRemiseGlobale(null);
    setPaiements([]);
    setEcheance(null);
    setNote('');
    setLocalErrors({});
    create.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = venteErrors(saisie, totaux.totalTtc);
    setLocalErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(venteBody(saisie, totaux.totalTtc), {
      onSuccess: (vente) => {
        reset();
        setCreee(vente);
      },
    });
  };

  return (
    <div className="card-surface">
      <ConfirmDialog />
      <PageHeader title="Nouvelle vente" />
      {creee && (
        <Message
          severity="success"
          className="w-full justify-content-start mb-3"
          content={
            <span data-testid="vente-creee">
              {`Vente ${creee.numero} enregistrée (${money(creee.totalTtc)}). `}
              <Link to={`/pages/ventes-list/${creee.id}`}>Voir la vente {creee.numero}</Link>
            </span>
          }
        />
      )}
      {create.isError && (
        <Message
          severity="error"
          text={errorMessage(create.error)}
          className="w-full justify-content-start mb-3"
          data-testid="vente-erreur"
        />
      )}
      <form id={FORM_ID} onSubmit={submit} noValidate aria-label="Nouvelle vente">
        <div className="formgrid grid">
          <div className="col-12 md:col-8">
            <ClientSection
              serviceId={serviceId}
              client={client}
              onChange={(c) => {
                setClient(c);
                setCreee(null);
              }}
              error={errors['clientId']}
            />
          </div>
          <FormField
            id="vente-type"
            label="Type de vente"
            error={errors['typeVenteId']}
            className="field col-12 md:col-4"
          >
            <Dropdown
              inputId="vente-type"
              value={typeId}
              options={types.data.map((t) => ({ value: t.id, label: t.nom }))}
              onChange={(e) => setTypeVenteId(e.value as number)}
              className="w-full"
            />
          </FormField>
        </div>
        <h2 className="text-xl">Articles</h2>
        <div className="field">
          <ProduitPicker
            serviceId={serviceId}
            devise={devise}
            onAdd={(p) => {
              setLignes((ls) => ajouter(ls, p));
              setCreee(null);
            }}
          />
        </div>
        {errors['lignes'] && (
          <Message
            severity="error"
            text={errors['lignes']}
            className="w-full justify-content-start mb-2"
          />
        )}
        <LignesEditor
          lignes={lignes}
          calculees={totaux.lignes}
          prixUnitaire={(l) => prixDe(l.produit, prix)}
          devise={devise}
          errors={errors}
          onChange={(i, l) => setLignes((ls) => ls.map((x, j) => (j === i ? l : x)))}
          onRemove={(i) => setLignes((ls) => ls.filter((_, j) => j !== i))}
        />
        <div className="flex flex-wrap gap-4 justify-content-between mt-3">
          <div style={{ maxWidth: '18rem' }}>
            <label htmlFor="vente-remise-globale">Remise globale</label>
            <RemiseInput
              id="vente-remise-globale"
              label="Remise globale"
              value={remiseGlobale}
              onChange={setRemiseGlobale}
              devise={devise}
            />
          </div>
          <dl
            className="m-0"
            style={{ minWidth: '16rem' }}
            aria-label="Totaux"
            data-testid="vente-totaux"
          >
            {(
              [
                ['Total brut', totaux.totalBrut],
                ...(totaux.totalRemises > 0 ? [['Remises', -totaux.totalRemises] as const] : []),
                ['Total HT', totaux.totalHt],
                ['TVA', totaux.totalTva],
                ['Total TTC', totaux.totalTtc],
                ['Payé', solde.paye],
                ['Reste à payer', solde.reste],
              ] as const
            ).map(([label, value]) => (
              <div
                key={label}
                className={`flex justify-content-between gap-3 ${label === 'Total TTC' || label === 'Reste à payer' ? 'font-bold' : ''}`}
              >
                <dt>{label}</dt>
                <dd className="m-0 white-space-nowrap" data-testid={`total-${label}`}>
                  {money(value)}
                </dd>
              </div>
            ))}
            {solde.rendu > 0 && (
              <div className="flex justify-content-between gap-3">
                <dt>Monnaie à rendre</dt>
                <dd className="m-0 white-space-nowrap">{money(solde.rendu)}</dd>
              </div>
            )}
          </dl>
        </div>
        <h2 className="text-xl">Paiements</h2>
        <PaiementsEditor
          paiements={paiements}
          devise={devise}
          reste={solde.reste}
          errors={errors}
          onChange={setPaiements}
        />
        {solde.reste > 0 && lignes.length > 0 && (
          <FormField
            id="vente-echeance"
            label={`Échéance du reste à payer (${money(solde.reste)})`}
            error={errors['echeance']}
            className="field mt-3"
            hint="Le reste devient une dette du client."
          >
            <Calendar
              inputId="vente-echeance"
              value={fromIsoDay(echeance)}
              onChange={(e) => setEcheance(e.value instanceof Date ? toIsoDay(e.value) : null)}
              dateFormat="dd/mm/yy"
              minDate={fromIsoDay(todayIso()) ?? undefined}
              showIcon
              showButtonBar
              invalid={Boolean(errors['echeance'])}
            />
            <Button
              type="button"
              label="Dans 30 jours"
              text
              size="small"
              onClick={() => setEcheance(addDaysIso(todayIso(), 30))}
            />
          </FormField>
        )}
        <FormField id="vente-note" label="Note (facultatif)" className="field mt-3">
          <InputText
            id="vente-note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={500}
            className="w-full"
          />
        </FormField>
        <div className="flex gap-2 justify-content-end">
          <Button
            type="button"
            label="Vider"
            icon="pi pi-times"
            text
            onClick={reset}
            disabled={create.isPending}
          />
          <Button
            type="submit"
            label="Enregistrer la vente"
            icon="pi pi-check"
            loading={create.isPending}
          />
        </div>
      </form>
    </div>
  );
}

/** /pages/ventes-oneline (owner): a sale written in the back office (phone orders, large accounts). */
export default function VenteOnelineRoute() {
  return (
    <WithShop>{(serviceId) => <VenteOneline key={serviceId} serviceId={serviceId} />}</WithShop>
  );
}
