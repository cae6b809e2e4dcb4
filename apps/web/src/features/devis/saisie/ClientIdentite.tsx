import { Link } from 'react-router';
import { useClient } from '../../../components/document/clients';

/**
 * What the quote will show of its customer: postal address, e-mail (« Envoyer » needs it) and,
 * for a business, its identifiers; a link to complete them on the customer's page.
 */
export function ClientIdentite({ serviceId, clientId }: { serviceId: number; clientId: number }) {
  const client = useClient(serviceId, clientId);
  if (!client.data) return null;
  const c = client.data;
  const items = [
    c.professionnel ? 'Professionnel' : 'Particulier',
    c.adresse,
    c.email ?? 'sans adresse e-mail',
    c.siren && `SIREN ${c.siren}`,
    c.siret && `SIRET ${c.siret}`,
    c.tvaIntracom && `TVA ${c.tvaIntracom}`,
  ].filter(Boolean);
  return (
    <p className="m-0 mt-1 text-sm text-color-secondary" data-testid="devis-client-identite">
      {items.join(' · ')} · <Link to={`/pages/clients/${clientId}`}>Compléter la fiche</Link>
    </p>
  );
}
