import { escapeHtml, type Mail } from '../../mail/mailer.js';

/**
 * The invitation mail. Its words never depend on whether the address has an account: the page of
 * the link tells the invitee how to accept (sign in, or create their account).
 */
export function invitationMail(
  to: string,
  owner: string,
  shops: readonly string[],
  link: string,
  days: number,
): Mail {
  const where = shops.map((s) => `« ${s} »`).join(', ');
  const intro = `${owner} vous invite à rejoindre son équipe sur Comptoir, comme gérant ${shops.length > 1 ? 'des boutiques' : 'de la boutique'} ${where}. Pour accepter, ouvrez ce lien :`;
  const validity = `Ce lien est valable ${days} jours et ne peut servir qu’une fois.`;
  const ignore =
    'Si vous ne connaissez pas cette personne, ignorez ce message : rien ne change pour vous.';
  const text = ['Bonjour,', '', intro, link, '', validity, ignore, '', 'L’équipe Comptoir'].join(
    '\n',
  );
  const html = `<p>Bonjour,</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(validity)}<br>${escapeHtml(ignore)}</p><p>L’équipe Comptoir</p>`;
  return { to, subject: `${owner} vous invite sur Comptoir`, text, html };
}
