import { memo } from 'react';

const KEYS: [string, string][] = [
  ['F2', 'Recherche'],
  ['F4', 'Quantité (dernière ligne)'],
  ['F8 / F9', 'Payer'],
  ['Ctrl+Entrée', 'Valider le paiement'],
  ['F6', 'Nouvelle vente'],
  ['Échap', 'Annuler / fermer'],
];

/** The keyboard shortcuts of the point of sale, always on screen. */
export const Shortcuts = memo(function Shortcuts() {
  return (
    <ul className="pos-shortcuts" aria-label="Raccourcis clavier">
      {KEYS.map(([k, label]) => (
        <li key={k}>
          <kbd>{k}</kbd> {label}
        </li>
      ))}
    </ul>
  );
});
