import {
  formatMoney,
  formatQuantity,
  type Inventaire,
  type InventaireLigne,
  type InventaireLigneEtat,
} from '@comptoir/shared';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { ExcelExport } from '../../components/ExcelExport';
import { newCleIdempotence } from '../../lib/cle-idempotence';
import { downloadBlob } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { http } from '../../lib/http';
import { useToast } from '../../lib/toast';
import { inventairePath, useCloture, useCompter, useLignes } from './api';
import { InventaireLignes } from './InventaireLignes';

const ETATS: Array<{ label: string; value: InventaireLigneEtat }> = [
  { label: 'Tous les produits', value: 'toutes' },
  { label: 'Comptés', value: 'comptees' },
  { label: 'Non comptés', value: 'non_comptees' },
  { label: 'Avec un écart', value: 'ecarts' },
];

/** The inventory's workbook keeps every cell as text, as the server's CSV writes it. */
const SANS_NOMBRES: ReadonlySet<string> = new Set();

interface Props {
  serviceId: number;
  inventaire: Inventaire;
  devise: string;
  proprietaire: boolean;
}

/** Count screen of one inventory: scan box (each scan adds one), typed quantities, lines, closing. */
export function InventaireEnCours({ serviceId, inventaire, devise, proprietaire }: Props) {
  const toast = useToast();
  const [etat, setEtat] = useState<InventaireLigneEtat>('toutes');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [code, setCode] = useState('');
  const [saisies, setSaisies] = useState<Record<number, string>>({});
  const ouvert = inventaire.statut === 'ouvert';
  const lignes = useLignes(serviceId, inventaire.id, { etat, q: q || undefined, page, size: 20 });
  const compter = useCompter(serviceId, inventaire.id);
  const valider = useCloture(serviceId, inventaire.id, 'validation');
  const annuler = useCloture(serviceId, inventaire.id, 'annulation');
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v, devise));
  const qty = (v: number | null) => (v === null ? '—' : formatQuantity(v));
  const fail = (summary: string) => (error: unknown) =>
    toast({ severity: 'error', summary, detail: errorMessage(error) });

  const scan = (event: FormEvent) => {
    event.preventDefault();
    const codeBarres = code.trim();
    if (!codeBarres) return;
    setCode('');
    compter.mutate(
      { cleIdempotence: newCleIdempotence(), mode: 'scan', codeBarres },
      {
        onSuccess: (l) =>
          toast({ severity: 'success', summary: `${l.nom} : ${qty(l.quantiteComptee)}` }),
        onError: fail('Scan refusé'),
      },
    );
  };
  const saisir = (l: InventaireLigne) => {
    const value = Number((saisies[l.produitId] ?? '').replace(',', '.'));
    if (!Number.isFinite(value) || (saisies[l.produitId] ?? '').trim() === '') return;
    compter.mutate(
      {
        cleIdempotence: newCleIdempotence(),
        mode: 'saisie',
        produitId: l.produitId,
        quantite: Math.round(value * 1000),
      },
      {
        onSuccess: () => setSaisies((s) => ({ ...s, [l.produitId]: '' })),
        onError: fail('Quantité refusée'),
      },
    );
  };
  const feuille = async () => {
    try {
      const blob = await http.blob(inventairePath(serviceId, `/${inventaire.id}/feuille.pdf`));
      downloadBlob(blob, `inventaire-${inventaire.id}-feuille.pdf`);
    } catch (error) {
      fail("L'impression a échoué")(error);
    }
  };
  const confirmer = () =>
    confirmDialog({
      header: 'Valider l’inventaire',
      message: `${inventaire.resume.ecarts} écart(s), ${money(inventaire.resume.valeurEcarts)} au prix d’achat ; ${inventaire.resume.nonComptes} produit(s) non compté(s) resteront inchangés. Le stock sera corrigé. Continuer ?`,
      acceptLabel: 'Valider',
      rejectLabel: 'Retour',
      // mutateAsync: the validated inventory leaves this screen, whose mutate() callbacks would
      // then never run (no toast when the list refreshed first).
      accept: () =>
        void valider
          .mutateAsync()
          .then(
            () => toast({ severity: 'success', summary: 'Inventaire validé : stock corrigé' }),
            fail('Validation refusée'),
          ),
    });
  const r = inventaire.resume;
  return (
    <section aria-label={`Inventaire n° ${inventaire.id}`} className="flex flex-column gap-3">
      <p className="m-0" data-testid="inventaire-resume">
        {r.comptes} / {r.produits} produits comptés · {r.nonComptes} non comptés · {r.ecarts}{' '}
        écart(s) · manquants {money(r.valeurManquants)} · surplus {money(r.valeurSurplus)} · net{' '}
        {money(r.valeurEcarts)}
      </p>
      {ouvert && (
        <form onSubmit={scan} className="flex gap-2">
          <InputText
            aria-label="Code-barres scanné"
            placeholder="Scanner un code-barres"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoFocus
            className="flex-1"
          />
          <Button type="submit" label="Compter" icon="pi pi-plus" />
        </form>
      )}
      <div className="flex flex-wrap gap-2">
        <Dropdown
          aria-label="Produits affichés"
          value={etat}
          options={ETATS}
          onChange={(e) => {
            setEtat(e.value as InventaireLigneEtat);
            setPage(1);
          }}
        />
        <InputText
          aria-label="Rechercher un produit"
          placeholder="Nom, référence ou code-barres"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <Button
          type="button"
          label="Feuille de comptage"
          icon="pi pi-print"
          outlined
          onClick={() => void feuille()}
        />
        <ExcelExport
          path={inventairePath(serviceId, `/${inventaire.id}/export.csv`)}
          sheet="Inventaire"
          file={`inventaire-${inventaire.id}`}
          dated={false}
          numeric={SANS_NOMBRES}
        />
        {ouvert && proprietaire && (
          <>
            <Button
              type="button"
              label="Valider l’inventaire"
              icon="pi pi-check"
              onClick={confirmer}
              loading={valider.isPending}
            />
            <Button
              type="button"
              label="Annuler l’inventaire"
              severity="danger"
              outlined
              onClick={() => annuler.mutate(undefined, { onError: fail('Annulation refusée') })}
            />
          </>
        )}
      </div>
      <InventaireLignes
        lignes={lignes.data}
        loading={lignes.isFetching}
        page={page}
        onPage={setPage}
        devise={devise}
        ouvert={ouvert}
        saisies={saisies}
        onSaisie={(produitId, value) => setSaisies((s) => ({ ...s, [produitId]: value }))}
        onEnregistrer={saisir}
      />
    </section>
  );
}
