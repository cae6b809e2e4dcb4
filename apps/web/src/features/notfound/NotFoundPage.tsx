import { Link } from 'react-router';
import './notfound.css';

const LINKS = [
  {
    icon: 'pi pi-home',
    title: 'Tableau de bord',
    text: "Retrouvez l'essentiel de votre boutique.",
  },
  {
    icon: 'pi pi-bars',
    title: 'Menu principal',
    text: 'Tous les écrans sont accessibles depuis le menu.',
  },
] as const;

/** /notfound: where every unknown path lands; three links back home (docs/regles-metier.md). */
export default function NotFoundPage() {
  return (
    <div className="notfound-page">
      <main className="notfound-card">
        <div className="notfound-brand">
          <img src="/logo.svg" alt="" width={48} height={48} />
          <span>Comptoir</span>
        </div>
        <p className="notfound-code">404</p>
        <h1>Page introuvable</h1>
        <p className="notfound-text">La ressource demandée n'est pas disponible.</p>
        <ul className="notfound-links">
          {LINKS.map((link) => (
            <li key={link.title}>
              <Link to="/" className="notfound-link">
                <i className={link.icon} aria-hidden="true" />
                <span>
                  <strong>{link.title}</strong>
                  <small>{link.text}</small>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <Link to="/" className="p-button no-underline" data-testid="notfound-home-button">
          <i className="pi pi-arrow-left mr-2" aria-hidden="true" />
          Retour à l'accueil
        </Link>
      </main>
    </div>
  );
}
