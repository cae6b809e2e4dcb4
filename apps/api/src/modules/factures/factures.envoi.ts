import { formatDate, formatMoney, type Avoir, type Facture } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { businessRule } from '../../core/errors.js';
import { escapeHtml, type Mail } from '../../mail/mailer.js';
import { avoirPdf, facturePdf } from './factures.pdf.js';

/**
 * « Envoyer »: the invoice or credit note PDF (Factur-X for a shop in euros) e-mailed to the
 * customer's address, or to the one typed. Nothing is written: an issued document never changes.
 */

function destinataire(f: Facture, email: string | null): string {
  const to = email ?? f.client.email;
  if (!to)
    throw businessRule(
      `Le client « ${f.client.nom} » n’a pas d’adresse e-mail : saisissez-en une ou ajoutez-la sur sa fiche.`,
    );
  return to;
}

function mail(
  f: Facture,
  to: string,
  subject: string,
  body: string,
  file: string,
  pdf: Buffer,
): Mail {
  const lines = ['Bonjour,', '', body, '', 'Cordialement,', f.vendeur.nom];
  return {
    to,
    subject: `${subject} — ${f.vendeur.nom}`,
    text: lines.join('\n'),
    html: lines.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join(''),
    attachments: [{ filename: file, content: pdf, contentType: 'application/pdf' }],
  };
}

export async function envoyerFacture(
  ctx: AppContext,
  f: Facture,
  email: string | null,
): Promise<{ envoyeA: string }> {
  const to = destinataire(f, email);
  const total = formatMoney(f.totalTtc, f.devise);
  const echeance = formatDate(`${f.echeance}T12:00:00Z`, 'UTC');
  await ctx.mailer.send(
    mail(
      f,
      to,
      `Facture ${f.numero}`,
      `Veuillez trouver ci-joint notre facture ${f.numero} d’un montant de ${total} TTC, payable au plus tard le ${echeance}.`,
      `facture-${f.numero}.pdf`,
      await facturePdf(f),
    ),
  );
  return { envoyeA: to };
}

export async function envoyerAvoir(
  ctx: AppContext,
  a: Avoir,
  f: Facture,
  email: string | null,
): Promise<{ envoyeA: string }> {
  const to = destinataire(f, email);
  const total = formatMoney(a.montantTtc, f.devise);
  await ctx.mailer.send(
    mail(
      f,
      to,
      `Avoir ${a.numero}`,
      `Veuillez trouver ci-joint notre avoir ${a.numero} d’un montant de ${total} TTC sur la facture ${f.numero}.`,
      `avoir-${a.numero}.pdf`,
      await avoirPdf(a, f),
    ),
  );
  return { envoyeA: to };
}
