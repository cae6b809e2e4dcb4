import { SwitchField, TextField, type SectionProps } from './fields';

/** How the counter works (prices TTC, negative stock), the receipt and the document prefixes. */
export function ServiceTicketFields(props: SectionProps) {
  const prefix = 'field col-6 md:col-3';
  return (
    <>
      <SwitchField
        {...props}
        field="prixTtc"
        label="Prix saisis TTC"
        hint="Sinon, les prix sont saisis hors taxes."
      />
      <SwitchField
        {...props}
        field="stockNegatifAutorise"
        label="Stock négatif autorisé"
        hint="Vendre un produit même quand le stock est épuisé."
      />
      <TextField
        {...props}
        field="enteteTicket"
        label="En-tête du ticket"
        multiline
        maxLength={500}
      />
      <TextField {...props} field="piedTicket" label="Pied du ticket" multiline maxLength={500} />
      <TextField
        {...props}
        field="prefixeVente"
        label="Préfixe des ventes"
        className={prefix}
        maxLength={6}
      />
      <TextField
        {...props}
        field="prefixeFacture"
        label="Préfixe des factures"
        className={prefix}
        maxLength={6}
      />
      <TextField
        {...props}
        field="prefixeDevis"
        label="Préfixe des devis"
        className={prefix}
        maxLength={6}
      />
      <TextField
        {...props}
        field="prefixeAchat"
        label="Préfixe des achats"
        className={prefix}
        maxLength={6}
      />
    </>
  );
}
