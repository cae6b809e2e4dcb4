import type { Vente, VenteEcartee, VenteRenumerotee } from '@comptoir/shared';
import { http } from '../../../lib/http';
import { shopPath } from '../../../lib/shop';
import { noterVenteEnLigne, type VenteEnFile } from './file';
import { putAll } from './idb';

/**
 * A sale the server refused at the sync stays in the device's queue until someone resolves it
 * (docs/regles-metier.md « Vente hors ligne »): recorded under the register's next number, or
 * discarded by the owner with a reason. Either way it leaves the queue only once the server has
 * answered: it is never lost.
 */
const url = (serviceId: number, e: VenteEnFile<Vente>, path: string) =>
  shopPath(serviceId, `caisses/${e.caisseId}/${path}`);

export async function renumeroter(
  serviceId: number,
  e: VenteEnFile<Vente>,
): Promise<VenteRenumerotee> {
  const answer = await http.post<VenteRenumerotee>(url(serviceId, e, 'ventes-refusees'), {
    vente: e.vente,
    motifRefus: e.erreur,
  });
  await putAll(serviceId, 'file', [], [e.cle]);
  // The device's offline numbers come after the one the server gave.
  await noterVenteEnLigne(serviceId, e.caisseId, answer.numero);
  return answer;
}

export async function ecarter(
  serviceId: number,
  e: VenteEnFile<Vente>,
  motif: string,
): Promise<VenteEcartee> {
  const answer = await http.post<VenteEcartee>(url(serviceId, e, 'ventes-ecartees'), {
    vente: e.vente,
    motifRefus: e.erreur,
    motif,
    // The cashier signed in when the till made the sale, as its receipt names them.
    vendeurId: e.recu.vendeur.id > 0 ? e.recu.vendeur.id : null,
  });
  await putAll(serviceId, 'file', [], [e.cle]);
  return answer;
}
