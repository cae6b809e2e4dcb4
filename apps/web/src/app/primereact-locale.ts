import { addLocale, locale } from 'primereact/api';

/** ARIA labels of PrimeReact components. */
const aria = {
  close: 'Fermer',
  previous: 'Précédent',
  next: 'Suivant',
  trueLabel: 'Oui',
  falseLabel: 'Non',
  nullLabel: 'Non sélectionné',
  selectAll: 'Tout sélectionner',
  unselectAll: 'Tout désélectionner',
  listLabel: 'Liste des options',
  // Read by Password at run time, missing from PrimeReact's types.
  passwordShow: 'Afficher le mot de passe',
  passwordHide: 'Masquer le mot de passe',
};

/** French wording of PrimeReact's built-in texts (file upload, dropdown, password, dialogs). Imported once. */
addLocale('fr', {
  accept: 'Oui',
  reject: 'Non',
  choose: 'Choisir',
  upload: 'Envoyer',
  cancel: 'Annuler',
  clear: 'Effacer',
  apply: 'Appliquer',
  close: 'Fermer',
  pending: 'En attente',
  emptyMessage: 'Aucun élément',
  emptyFilterMessage: 'Aucun résultat',
  weak: 'Faible',
  medium: 'Moyen',
  strong: 'Fort',
  passwordPrompt: 'Saisissez un mot de passe',
  fileSizeTypes: ['o', 'Ko', 'Mo', 'Go', 'To', 'Po', 'Eo', 'Zo', 'Yo'],
  firstDayOfWeek: 1,
  dayNames: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
  dayNamesShort: ['dim.', 'lun.', 'mar.', 'mer.', 'jeu.', 'ven.', 'sam.'],
  dayNamesMin: ['D', 'L', 'M', 'M', 'J', 'V', 'S'],
  monthNames: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  monthNamesShort: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
  today: "Aujourd'hui",
  weekHeader: 'Sem.',
  dateFormat: 'dd/mm/yy',
  aria,
});
locale('fr');
