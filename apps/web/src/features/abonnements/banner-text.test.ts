import type { CurrentSubscription } from '@comptoir/shared';
import { describe, expect, it } from 'vitest';
import { subscriptionBannerText } from './banner-text';

const current = (
  statut: CurrentSubscription['statut'],
  extra: Partial<CurrentSubscription> = {},
): CurrentSubscription => ({
  statut,
  dateDebut: '2025-11-21',
  dateFin: '2026-11-20',
  plan: 'Commerce',
  contact: 'admin@comptoir.test',
  ...extra,
});

describe('subscription banner', () => {
  it('ended: the end date and whom to contact', () => {
    expect(subscriptionBannerText(current('expiree'), 'ROLE_PROPRIETAIRE')).toBe(
      'Votre abonnement a pris fin le 20/11/2026 : vous pouvez consulter vos données, mais plus les modifier. Contactez admin@comptoir.test pour le renouveler.',
    );
  });

  it('a manager reads about the shop', () => {
    expect(subscriptionBannerText(current('expiree'), 'ROLE_GERANT')).toBe(
      "L'abonnement de cette boutique a pris fin le 20/11/2026 : vous pouvez consulter les données, mais plus les modifier. Contactez admin@comptoir.test pour le renouveler.",
    );
  });

  it('suspended, to come, none', () => {
    expect(subscriptionBannerText(current('suspendue'), 'ROLE_PROPRIETAIRE')).toMatch(
      /^Votre abonnement est suspendu : .* pour le réactiver\.$/,
    );
    expect(
      subscriptionBannerText(current('a_venir', { dateDebut: '2026-12-01' }), 'ROLE_PROPRIETAIRE'),
    ).toMatch(/^Votre abonnement commence le 01\/12\/2026 : /);
    expect(
      subscriptionBannerText(
        current('aucun', { dateDebut: null, dateFin: null, plan: null }),
        'ROLE_PROPRIETAIRE',
      ),
    ).toBe(
      "Vous n'avez aucun abonnement actif : vous pouvez consulter vos données, mais pas les modifier. Contactez admin@comptoir.test pour souscrire un abonnement.",
    );
  });

  it('nothing while active, nor for the administrator', () => {
    expect(subscriptionBannerText(current('active'), 'ROLE_PROPRIETAIRE')).toBeNull();
    expect(subscriptionBannerText(current('non_concerne'), 'ROLE_ADMIN')).toBeNull();
  });
});
