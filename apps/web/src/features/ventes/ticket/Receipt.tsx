import {
  formatDateTime,
  formatMoney,
  formatQuantity,
  shopTimeZone,
  type Vente,
} from '@comptoir/shared';
import { Barcode128 } from './Barcode128';
import {
  cashSummary,
  discountText,
  formatDay,
  formatRate,
  legalIds,
  paymentLabel,
  type ReceiptShop,
  type ReceiptWidth,
} from './receipt-format';
import './receipt.css';

export interface ReceiptProps {
  vente: Vente;
  shop: ReceiptShop;
  /** Paper width: 80 mm (default) or 58 mm. */
  largeur?: ReceiptWidth;
  /** A reprint: « DUPLICATA » at the top. */
  duplicata?: boolean;
}

const Row = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <div className={`receipt-row${strong ? ' receipt-strong' : ''}`}>
    <span>{label}</span>
    <span>{value}</span>
  </div>
);

/**
 * The receipt of a sale, laid out for a thermal printer (80 or 58 mm): shop header and legal ids,
 * number, date, seller, customer, lines and discounts, VAT per rate (shops liable to VAT),
 * totals, payments with cash received and change, unpaid rest and due date, a Code 128 barcode
 * of the number, the shop's footer. Printed by printReceipt; the same figures as the server's.
 */
export function Receipt({ vente, shop, largeur = '80', duplicata = false }: ReceiptProps) {
  const money = (minor: number) => formatMoney(minor, vente.devise);
  const header = shop.enteteTicket?.trim() || shop.nom;
  const cash = cashSummary(vente);
  // The customer's credit used at the sale paid part of its debt: the rest is on credit.
  const avoir = vente.avoir ?? 0;
  const credit = vente.dette ? vente.dette.montant - avoir : 0;
  const place = [shop.adresse, shop.ville].filter(Boolean).join(', ');
  return (
    <article
      className={`receipt receipt-${largeur}`}
      data-testid="receipt"
      aria-label={`Ticket ${vente.numero}`}
    >
      <header className="receipt-center">
        {header.split('\n').map((line, i) => (
          <div key={i} className={i === 0 ? 'receipt-shop' : undefined}>
            {line}
          </div>
        ))}
        {header !== shop.nom && !header.includes(shop.nom) && <div>{shop.nom}</div>}
        {place && <div>{place}</div>}
        {shop.telephone && <div>Tél. {shop.telephone}</div>}
        {legalIds(shop).map((id) => (
          <div key={id}>{id}</div>
        ))}
      </header>
      {duplicata && <div className="receipt-duplicata">DUPLICATA</div>}
      <section className="receipt-section">
        <Row label="Ticket" value={vente.numero} strong />
        <Row label="Date" value={formatDateTime(vente.createdAt, shopTimeZone(shop.pays))} />
        <Row label="Vendeur" value={`${vente.vendeur.prenom} ${vente.vendeur.nom}`} />
        {vente.client && (
          <Row
            label="Client"
            value={
              vente.client.telephone
                ? `${vente.client.nom} (${vente.client.telephone})`
                : vente.client.nom
            }
          />
        )}
        <Row label="Type" value={vente.typeVente.nom} />
      </section>
      <section className="receipt-section" aria-label="Articles">
        {vente.lignes.map((l) => (
          <div key={l.id} className="receipt-line">
            <div>{l.nom}</div>
            <Row
              label={`${formatQuantity(l.quantite)} ${l.uniteSymbole} × ${money(l.prixUnitaire)}`}
              value={money(l.montantBrut)}
            />
            {l.remiseLigne > 0 && (
              <Row label={`  ${discountText(l.remise, l.remiseLigne, vente.devise)}`} value="" />
            )}
          </div>
        ))}
      </section>
      <section className="receipt-section">
        {vente.totalRemises > 0 && <Row label="Sous-total" value={money(vente.totalBrut)} />}
        {vente.montantRemiseGlobale > 0 && (
          <Row
            label={discountText(vente.remiseGlobale, vente.montantRemiseGlobale, vente.devise)}
            value=""
          />
        )}
        {vente.totalRemises > 0 && (
          <Row label="Total des remises" value={`-${money(vente.totalRemises)}`} />
        )}
        {shop.assujettiTva && <Row label="Total HT" value={money(vente.totalHt)} />}
        {shop.assujettiTva && <Row label="TVA" value={money(vente.totalTva)} />}
        <Row
          label={shop.assujettiTva ? 'Total TTC' : 'Total'}
          value={money(vente.totalTtc)}
          strong
        />
      </section>
      {shop.assujettiTva && vente.tva.length > 0 && (
        <section className="receipt-section" aria-label="TVA">
          <div className="receipt-row receipt-head">
            <span>Taux</span>
            <span>Base HT</span>
            <span>TVA</span>
          </div>
          {vente.tva.map((t) => (
            <div key={t.tauxTva} className="receipt-row">
              <span>{formatRate(t.tauxTva)}</span>
              <span>{money(t.baseHt)}</span>
              <span>{money(t.montantTva)}</span>
            </div>
          ))}
        </section>
      )}
      <section className="receipt-section" aria-label="Paiements">
        {vente.paiements.map((p) => (
          <Row key={p.id} label={paymentLabel(p)} value={money(p.montant)} />
        ))}
        {cash && <Row label="Espèces reçues" value={money(cash.recu)} />}
        {cash && <Row label="Monnaie rendue" value={money(cash.rendu)} strong />}
        {avoir > 0 && <Row label="Avoir utilisé" value={money(avoir)} />}
        {credit > 0 && <Row label="Reste à payer" value={money(credit)} strong />}
        {credit > 0 && <Row label="Échéance" value={formatDay(vente.dette!.echeance)} />}
      </section>
      <footer className="receipt-center">
        <Barcode128 text={vente.numero} />
        <div>{vente.numero}</div>
        {shop.piedTicket?.split('\n').map((line, i) => (
          <div key={i}>{line}</div>
        ))}
      </footer>
    </article>
  );
}
