import type { Kysely, Selectable } from 'kysely';
import type { SerieCaisse } from '@comptoir/shared';
import { anneeCaisse, caisseCode, dernierCaisse } from '../../db/numbering-caisse.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { now } from '../../db/time.js';
import { findCaisse } from '../caisses/caisses.session.js';

/** The register's series as recorded: code, prefix, shop year and its last sequence (404: not the shop's). */
export async function serieCaisse(
  db: Kysely<DB>,
  service: Selectable<ServicesTable>,
  caisseId: number,
): Promise<SerieCaisse> {
  await findCaisse(db, service.id, caisseId);
  const at = now();
  const annee = anneeCaisse(service, at);
  return {
    caisseId,
    code: await caisseCode(db, service.id, caisseId),
    prefixe: service.prefixe_vente,
    annee,
    dernier: await dernierCaisse(db, caisseId, annee),
    heureServeur: at.toISOString(),
  };
}
