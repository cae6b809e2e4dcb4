import type { Vente, VenteLigne } from '@comptoir/shared';

/** A sale as `GET …/ventes/:id` answers it, for the screens' tests. */
export const ligneVente = (
  id: number,
  nom: string,
  quantite: number,
  prixUnitaire: number,
  quantiteRetournee = 0,
): VenteLigne => {
  const ttc = Math.round((prixUnitaire * quantite) / 1000);
  return {
    id,
    produitId: 100 + id,
    nom,
    reference: null,
    codeBarres: null,
    uniteSymbole: 'pce',
    fractionnable: false,
    quantite,
    prixUnitaire,
    tauxTva: 0,
    prixAchat: 0,
    remise: null,
    montantBrut: ttc,
    remiseLigne: 0,
    remiseGlobale: 0,
    montantHt: ttc,
    montantTva: 0,
    montantTtc: ttc,
    quantiteRetournee,
  };
};

export const VENTE: Vente = {
  id: 41,
  numero: 'V-2026-000041',
  createdAt: '2026-11-21T10:05:00.000Z',
  devise: 'XOF',
  typeVente: { id: 1, nom: 'Vente au détail' },
  client: { id: 3, nom: 'Awa Diop', telephone: '+221771234567' },
  vendeur: { id: 2, prenom: 'Fatou', nom: 'Sow' },
  lignes: [
    ligneVente(1, 'Nutella 400 g', 2000, 2750),
    ligneVente(2, 'Eau minérale 1,5 L', 3000, 400, 1000),
  ],
  remiseGlobale: null,
  totalBrut: 6700,
  totalRemises: 0,
  montantRemiseGlobale: 0,
  totalHt: 6700,
  totalTva: 0,
  totalTtc: 6700,
  tva: [{ tauxTva: 0, baseHt: 6700, montantTva: 0, montantTtc: 6700 }],
  paiements: [
    {
      id: 1,
      mode: 'especes',
      montant: 6700,
      recu: 10000,
      rendu: 3300,
      operateur: null,
      reference: null,
      createdAt: '2026-11-21T10:05:00.000Z',
    },
  ],
  montantPaye: 6700,
  montantRetourne: 400,
  reste: 0,
  rendu: 3300,
  dette: null,
  retours: [
    { id: 5, numero: 'R-2026-000005', montantTtc: 400, createdAt: '2026-11-21T11:00:00.000Z' },
  ],
  statut: 'payee',
  impressions: 1,
  note: null,
};
