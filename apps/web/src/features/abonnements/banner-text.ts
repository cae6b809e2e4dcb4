import type { CurrentSubscription, Role } from '@comptoir/shared';
import { formatDay } from '../../lib/dates';

/**
 * The sentence of the subscription banner, or null when writes are allowed (active) or the
 * user is not concerned (administrator). The owner reads « votre abonnement », a manager that of
 * the shop.
 */
export function subscriptionBannerText(
  current: CurrentSubscription,
  role: Role | null,
): string | null {
  const own = role === 'ROLE_PROPRIETAIRE';
  const subject = own ? 'Votre abonnement' : "L'abonnement de cette boutique";
  const data = own ? 'vos données' : 'les données';
  const contact = `Contactez ${current.contact}`;
  switch (current.statut) {
    case 'expiree':
      return `${subject} a pris fin le ${current.dateFin ? formatDay(current.dateFin) : '—'} : vous pouvez consulter ${data}, mais plus les modifier. ${contact} pour le renouveler.`;
    case 'suspendue':
      return `${subject} est suspendu : vous pouvez consulter ${data}, mais plus les modifier. ${contact} pour le réactiver.`;
    case 'a_venir':
      return `${subject} commence le ${current.dateDebut ? formatDay(current.dateDebut) : '—'} : d'ici là, vous pouvez consulter ${data}, mais pas les modifier. ${contact} pour l'avancer.`;
    case 'aucun':
      return `${own ? "Vous n'avez" : "Cette boutique n'a"} aucun abonnement actif : vous pouvez consulter ${data}, mais pas les modifier. ${contact} pour souscrire un abonnement.`;
    default:
      return null;
  }
}
