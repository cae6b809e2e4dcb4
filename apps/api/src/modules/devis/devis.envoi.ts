import type { Selectable } from 'kysely';
import { formatDate, formatMoney, type Devis } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { businessRule } from '../../core/errors.js';
import type { ServicesTable } from '../../db/schema.js';
import { now } from '../../db/time.js';
import { escapeHtml, type Mail } from '../../mail/mailer.js';
import { devisPdf } from './devis.pdf.js';
import { readDevis } from './devis.read.js';
import { changeStatut, refuseExpired } from './devis.statut.js';

type Service = Selectable<ServicesTable>;

function devisMail(
  service: Service,
  devis: Devis,
  to: string,
  message: string | null,
  pdf: Buffer,
): Mail {
  const total = formatMoney(devis.totalTtc, devis.devise);
  const validite = formatDate(`${devis.dateValidite}T12:00:00Z`, 'UTC');
  const lines = [
    'Bonjour,',
    '',
    ...(message ? [message, ''] : []),
    `Veuillez trouver ci-joint notre devis ${devis.numero} d’un montant de ${total} TTC, valable jusqu’au ${validite}.`,
    '',
    'Cordialement,',
    service.nom,
  ];
  return {
    to,
    subject: `Devis ${devis.numero} — ${service.nom}`,
    text: lines.join('\n'),
    html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join(''),
    attachments: [
      { filename: `devis-${devis.numero}.pdf`, content: pdf, contentType: 'application/pdf' },
    ],
  };
}

/**
 * « Envoyer »: e-mails the quote's PDF to the customer. A draft is numbered and becomes « envoyé »;
 * a sent or accepted quote is sent again as it is. Everything happens in one transaction that the
 * mail ends: a mail that fails gives the number back and leaves the draft as it was.
 */
export async function envoyerDevis(
  ctx: AppContext,
  service: Service,
  devisId: number,
  message: string | null,
): Promise<Devis> {
  const { db } = ctx.database;
  const devis = await readDevis(db, service, devisId);
  refuseExpired(devis);
  if (!['brouillon', 'envoye', 'accepte'].includes(devis.statut))
    throw businessRule('Un devis refusé ou converti ne s’envoie plus.');
  const to = devis.client.email;
  if (!to)
    throw businessRule(
      `Le client « ${devis.client.nom} » n’a pas d’adresse e-mail : ajoutez-la sur sa fiche.`,
    );
  await db.transaction().execute(async (trx) => {
    if (devis.statut === 'brouillon')
      await changeStatut(trx, service, devis, 'envoye', { envoye_at: now().toISOString() });
    else
      await trx
        .updateTable('devis')
        .set({ envoye_at: now().toISOString() })
        .where('id', '=', devis.id)
        .execute();
    const sent = await readDevis(trx, service, devisId);
    await ctx.mailer.send(
      devisMail(service, sent, to, message, await devisPdf(trx, service, sent)),
    );
  });
  return readDevis(db, service, devisId);
}
