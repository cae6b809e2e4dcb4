import { Link } from 'react-router';
import './landing.css';

const FEATURES = [
  {
    icon: 'pi pi-shopping-cart',
    title: 'Une caisse rapide',
    text: 'Encaissez en quelques touches, en espèces, par carte ou par mobile money (Orange Money, Wave, MTN MoMo…), et rendez la monnaie sans vous tromper.',
  },
  {
    icon: 'pi pi-box',
    title: 'Un stock toujours juste',
    text: "Chaque vente, chaque achat et chaque retour met le stock à jour, mouvement par mouvement ; les achats, frais de transport compris, donnent le coût moyen pondéré. Les seuils d'alerte montrent ce qui va manquer.",
  },
  {
    icon: 'pi pi-wallet',
    title: 'En FCFA et en euro',
    text: 'Chaque boutique tient ses comptes dans sa devise : franc CFA (XOF, XAF) ou euro, avec des montants exacts au franc et au centime près.',
  },
  {
    icon: 'pi pi-shop',
    title: 'Plusieurs boutiques',
    text: "Passez d'une boutique à l'autre en un clic. Vos gérants ne voient que la leur.",
  },
  {
    icon: 'pi pi-file',
    title: 'Ventes à crédit et dettes',
    text: 'Vendez à crédit avec une échéance, encaissez les règlements, imprimez le relevé d’un client ; un retour rembourse le client ou lui laisse un avoir.',
  },
  {
    icon: 'pi pi-list',
    title: 'Toutes vos ventes retrouvées',
    text: 'La liste des ventes, filtrée par période, client ou statut, avec ses totaux, s’exporte en CSV ou pour Excel ; chaque ticket se réimprime.',
  },
  {
    icon: 'pi pi-file-edit',
    title: 'Des devis qui deviennent des ventes',
    text: 'Produits et prestations, remises et date de validité ; le devis part en PDF par e-mail et, une fois accepté, devient une vente (et sa facture) en un clic.',
  },
  {
    icon: 'pi pi-chart-bar',
    title: 'Vos chiffres d’un coup d’œil',
    text: 'Le tableau de bord compare la période à la précédente ; le rapport produits donne quantités, chiffre d’affaires et marge par produit, s’exporte pour Excel, et la valeur du stock se lit par catégorie.',
  },
  {
    icon: 'pi pi-file-pdf',
    title: 'Factures et avoirs',
    text: 'Facturez une vente ou toutes celles d’un client, avec les mentions légales ; en euro, la facture est électronique (Factur-X). Envoi par e-mail, avoirs et statut de paiement suivi.',
  },
] as const;

/** /landing: what Comptoir is, for a shopkeeper who has not signed in yet. */
export default function LandingPage() {
  return (
    <div className="landing">
      <header className="landing-header">
        <Link to="/landing" className="landing-brand">
          <img src="/logo.svg" alt="" width={40} height={40} />
          <span>Comptoir</span>
        </Link>
        <Link to="/auth/login" className="p-button no-underline">
          <i className="pi pi-sign-in mr-2" aria-hidden="true" />
          Se connecter
        </Link>
      </header>

      <main>
        <section className="landing-hero" aria-labelledby="landing-title">
          <h1 id="landing-title">La caisse et le stock de votre boutique, au même endroit</h1>
          <p>
            Comptoir est une application de caisse et de gestion de stock pensée pour les
            commerçants, en France comme en Afrique de l'Ouest et centrale : elle fonctionne sur un
            téléphone modeste comme sur un vieux PC, et tient ses comptes en FCFA comme en euro.
          </p>
        </section>

        <section className="landing-features" aria-labelledby="landing-features-title">
          <h2 id="landing-features-title">Tout ce qu'il faut pour tenir boutique</h2>
          <ul>
            {FEATURES.map((f) => (
              <li key={f.title} className="landing-feature">
                <i className={f.icon} aria-hidden="true" />
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="landing-footer">
        Comptoir — caisse et gestion de stock · ©&nbsp;{new Date().getFullYear()}
      </footer>
    </div>
  );
}
