import { formatMoney, formatQuantity, type Vente, type VenteLigne } from '@comptoir/shared';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';

const rate = (basisPoints: number) => `${(basisPoints / 100).toLocaleString('fr-FR')}\u00A0%`;

/** Lines of a sale (snapshots of the moment), its totals and its VAT summary per rate. */
export function VenteLignes({ vente }: { vente: Vente }) {
  const money = (v: number) => formatMoney(v, vente.devise);
  const qty = (q: number, l: VenteLigne) => `${formatQuantity(q)}\u00A0${l.uniteSymbole}`;
  const remise = (l: VenteLigne) => {
    const total = l.remiseLigne + l.remiseGlobale;
    if (total === 0) return '—';
    return l.remise?.type === 'pourcent'
      ? `${money(total)} (${rate(l.remise.valeur)})`
      : money(total);
  };
  const totals: [string, number][] = [
    ['Total brut', vente.totalBrut],
    ...(vente.totalRemises > 0 ? ([['Remises', -vente.totalRemises]] as [string, number][]) : []),
    ['Total HT', vente.totalHt],
    ['TVA', vente.totalTva],
    ['Total TTC', vente.totalTtc],
  ];
  return (
    <>
      <DataTable
        value={vente.lignes}
        dataKey="id"
        stripedRows
        size="small"
        data-testid="vente-lignes"
      >
        <Column
          header="Article"
          body={(l: VenteLigne) => (
            <>
              {l.nom}
              {l.reference && <small className="block text-color-secondary">{l.reference}</small>}
            </>
          )}
        />
        <Column
          header="Quantité"
          body={(l: VenteLigne) => qty(l.quantite, l)}
          className="text-right white-space-nowrap"
        />
        <Column
          header="Prix unitaire"
          body={(l: VenteLigne) => money(l.prixUnitaire)}
          className="text-right white-space-nowrap"
        />
        <Column header="Remise" body={remise} className="text-right white-space-nowrap" />
        <Column
          header="Montant"
          body={(l: VenteLigne) => money(l.montantTtc)}
          className="text-right white-space-nowrap"
        />
        <Column
          header="Retourné"
          body={(l: VenteLigne) => (l.quantiteRetournee > 0 ? qty(l.quantiteRetournee, l) : '—')}
          className="text-right white-space-nowrap"
        />
      </DataTable>
      <div className="flex flex-wrap gap-4 justify-content-between mt-3">
        <table aria-label="Récapitulatif de TVA" className="text-sm">
          <thead>
            <tr className="text-color-secondary">
              <th className="text-left pr-3">Taux</th>
              <th className="text-right pr-3">Base HT</th>
              <th className="text-right pr-3">TVA</th>
              <th className="text-right">TTC</th>
            </tr>
          </thead>
          <tbody>
            {vente.tva.map((t) => (
              <tr key={t.tauxTva}>
                <td className="pr-3">{rate(t.tauxTva)}</td>
                <td className="text-right pr-3 white-space-nowrap">{money(t.baseHt)}</td>
                <td className="text-right pr-3 white-space-nowrap">{money(t.montantTva)}</td>
                <td className="text-right white-space-nowrap">{money(t.montantTtc)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="m-0" style={{ minWidth: '16rem' }} aria-label="Totaux de la vente">
          {totals.map(([label, value]) => (
            <div
              key={label}
              className={`flex justify-content-between gap-3 ${label === 'Total TTC' ? 'font-bold text-lg' : ''}`}
            >
              <dt>{label}</dt>
              <dd className="m-0 white-space-nowrap">{money(value)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </>
  );
}
