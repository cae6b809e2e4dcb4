import {
  MODE_PAIEMENT_LABELS,
  MOUVEMENT_TYPE_LABELS,
  formatDateTime,
  formatMoney,
  formatQuantity,
  type Achat,
} from '@comptoir/shared';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';

type Ligne = Achat['lignes'][number];
type Paiement = Achat['paiements'][number];
type Retour = Achat['retours'][number];
type Mouvement = Achat['mouvements'][number];

const RIGHT = 'text-right white-space-nowrap';

/** The lines of a purchase: cost, share of the extra costs, cost price, CUMP before and after. */
export function AchatLignes({ achat }: { achat: Achat }) {
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v, achat.devise));
  return (
    <DataTable
      value={achat.lignes}
      dataKey="id"
      size="small"
      stripedRows
      data-testid="achat-detail-lignes"
    >
      <Column header="Produit" field="nom" />
      <Column
        header="Quantité"
        body={(l: Ligne) => `${formatQuantity(l.quantite)}\u00A0${l.uniteSymbole}`}
        className={RIGHT}
      />
      <Column header="Coût unitaire" body={(l: Ligne) => money(l.prixUnitaire)} className={RIGHT} />
      <Column
        header="Remise"
        body={(l: Ligne) => {
          const remise = l.remiseLigne + l.remiseGlobale;
          return remise === 0 ? '—' : money(-remise);
        }}
        className={RIGHT}
      />
      <Column header="Montant net" body={(l: Ligne) => money(l.montant)} className={RIGHT} />
      <Column header="Frais" body={(l: Ligne) => money(l.frais)} className={RIGHT} />
      <Column
        header="Coût de revient"
        body={(l: Ligne) => money(l.coutRevient)}
        className={RIGHT}
      />
      <Column header="CUMP avant" body={(l: Ligne) => money(l.cumpAvant)} className={RIGHT} />
      <Column header="CUMP après" body={(l: Ligne) => money(l.cumpApres)} className={RIGHT} />
      <Column
        header="Retourné"
        body={(l: Ligne) => (l.quantiteRetournee > 0 ? formatQuantity(l.quantiteRetournee) : '—')}
        className={RIGHT}
      />
    </DataTable>
  );
}

/** The figures of a purchase under its lines. */
export function AchatMontants({ achat }: { achat: Achat }) {
  const money = (v: number) => formatMoney(v, achat.devise);
  const f = achat.frais;
  const rows: [string, number][] = [
    ['Avant remises', achat.totalRemises > 0 ? achat.totalBrut : 0],
    ['Remises', -achat.totalRemises],
    ['Marchandises', achat.totalMarchandises],
    ['Transport', f.transport],
    ['Douane', f.douane],
    ['Manutention', f.manutention],
    ['Total', achat.total],
    ['Payé', achat.montantPaye],
    ['Retourné', achat.montantRetourne],
    ['Remboursé par le fournisseur', achat.montantRembourse],
    ['Reste dû', achat.reste],
  ];
  return (
    <dl className="m-0 mt-3 ml-auto" style={{ maxWidth: '24rem' }} aria-label="Montants de l'achat">
      {rows
        .filter(([label, v]) => v !== 0 || label === 'Total' || label === 'Reste dû')
        .map(([label, v]) => (
          <div
            key={label}
            className={`flex justify-content-between gap-3 ${label === 'Total' || label === 'Reste dû' ? 'font-bold' : ''}`}
          >
            <dt>{label}</dt>
            <dd className="m-0 white-space-nowrap" data-testid={`achat-${label}`}>
              {money(v)}
            </dd>
          </div>
        ))}
    </dl>
  );
}

export function AchatPaiements({
  achat,
  timeZone,
}: {
  achat: Achat;
  timeZone?: string | undefined;
}) {
  return (
    <DataTable
      value={achat.paiements}
      size="small"
      emptyMessage="Aucun paiement"
      data-testid="achat-paiements"
    >
      <Column header="Date" body={(p: Paiement) => formatDateTime(p.createdAt, timeZone)} />
      <Column
        header="Mode"
        body={(p: Paiement) =>
          [MODE_PAIEMENT_LABELS[p.mode], p.operateur, p.reference].filter(Boolean).join(' · ')
        }
      />
      <Column
        header="Montant"
        body={(p: Paiement) => formatMoney(p.montant, achat.devise)}
        className={RIGHT}
      />
    </DataTable>
  );
}

export function AchatRetours({ achat, timeZone }: { achat: Achat; timeZone?: string | undefined }) {
  return (
    <DataTable
      value={achat.retours}
      size="small"
      emptyMessage="Aucun retour"
      data-testid="achat-retours"
    >
      <Column header="Numéro" field="numero" />
      <Column header="Date" body={(r: Retour) => formatDateTime(r.createdAt, timeZone)} />
      <Column
        header="Montant"
        body={(r: Retour) => formatMoney(r.montant, achat.devise)}
        className={RIGHT}
      />
      <Column
        header="Remboursé"
        body={(r: Retour) => formatMoney(r.rembourse, achat.devise)}
        className={RIGHT}
      />
    </DataTable>
  );
}

export function AchatMouvements({
  achat,
  timeZone,
}: {
  achat: Achat;
  timeZone?: string | undefined;
}) {
  return (
    <DataTable
      value={achat.mouvements}
      size="small"
      emptyMessage="Aucun mouvement : un brouillon ne touche pas au stock."
      data-testid="achat-mouvements"
    >
      <Column header="Date" body={(m: Mouvement) => formatDateTime(m.createdAt, timeZone)} />
      <Column header="Produit" body={(m: Mouvement) => m.produit.nom} />
      <Column header="Type" body={(m: Mouvement) => MOUVEMENT_TYPE_LABELS[m.type]} />
      <Column
        header="Quantité"
        body={(m: Mouvement) => `${m.quantite > 0 ? '+' : ''}${formatQuantity(m.quantite)}`}
        className={RIGHT}
      />
    </DataTable>
  );
}
