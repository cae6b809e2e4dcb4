import { formatMoney, formatQuantity, type Facture } from '@comptoir/shared';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';

type Ligne = Facture['lignes'][number];
const rate = (bp: number) => `${new Intl.NumberFormat('fr-FR').format(bp / 100)}\u00A0%`;

/** The invoice's lines as issued (HT), with what credit notes already took back, then its totals. */
export function FactureLignes({ facture: f }: { facture: Facture }) {
  const money = (n: number) => formatMoney(n, f.devise);
  const totals: [string, number][] = [
    ...(f.totalRemises ? [['Remises (HT)', f.totalRemises] as [string, number]] : []),
    ['Total HT', f.totalHt],
    ...(f.vendeur.assujettiTva
      ? f.tva.map(
          (t) =>
            [`TVA ${rate(t.tauxTva)} sur ${money(t.baseHt)}`, t.montantTva] as [string, number],
        )
      : []),
    ['Total TTC', f.totalTtc],
    ...(f.montantAvoirs ? [['Avoirs', f.montantAvoirs] as [string, number]] : []),
    ['Reste à payer', f.reste],
  ];
  return (
    <>
      <DataTable
        value={f.lignes}
        dataKey="id"
        size="small"
        stripedRows
        aria-label="Lignes de la facture"
      >
        <Column header="Désignation" field="nom" />
        <Column
          header="Qté"
          body={(l: Ligne) => `${formatQuantity(l.quantite)} ${l.uniteSymbole}`}
          className="text-right white-space-nowrap"
        />
        <Column
          header="PU HT"
          body={(l: Ligne) => money(l.prixUnitaireHt)}
          className="text-right"
        />
        <Column
          header="Remise HT"
          body={(l: Ligne) => (l.remise ? money(l.remise) : '')}
          className="text-right"
        />
        <Column header="TVA" body={(l: Ligne) => rate(l.tauxTva)} className="text-right" />
        <Column
          header="Montant HT"
          body={(l: Ligne) => money(l.montantHt)}
          className="text-right"
        />
        <Column
          header="Crédité"
          body={(l: Ligne) => (l.quantiteCreditee ? formatQuantity(l.quantiteCreditee) : '')}
          className="text-right"
        />
      </DataTable>
      <dl className="ml-auto mt-3" style={{ maxWidth: '28rem' }} aria-label="Totaux de la facture">
        {totals.map(([label, value]) => (
          <div key={label} className="flex justify-content-between gap-3">
            <dt>{label}</dt>
            <dd className="m-0 font-semibold white-space-nowrap">{money(value)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
