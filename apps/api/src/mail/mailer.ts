import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail (a document's PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * A real SMTP client when SMTP_URL is set. Without it, mails go to the outbox: each is written as
 * an .eml file (0600) under DATA_DIR/outbox, its path logged, so that the demo works offline.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      if (config.smtpUrl) {
        log.info({ to: mail.to, subject: mail.subject }, 'E-mail envoyé');
        return;
      }
      // The mail may carry a reset or invitation link: readable by the server's user only, and
      // never copied to the log.
      mkdirSync(outbox, { recursive: true, mode: 0o700 });
      const file = path.join(
        outbox,
        `${Date.now()}-${randomBytes(4).toString('hex')}-${mail.to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`,
      );
      writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
      log.info(
        { to: mail.to, subject: mail.subject, file },
        "E-mail déposé dans la boîte d'envoi (aucun SMTP configuré) : lisez-le dans ce fichier",
      );
    },
    close: () => transport.close(),
  };
}

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The reset (and invitation) mail: one link, valid one hour, single use. */
export function resetPasswordMail(
  to: string,
  prenom: string,
  link: string,
  invitation: boolean,
): Mail {
  const intro = invitation
    ? 'un compte Comptoir vient d’être créé pour vous. Pour choisir votre mot de passe, ouvrez ce lien :'
    : 'vous avez demandé à réinitialiser votre mot de passe Comptoir. Pour en choisir un nouveau, ouvrez ce lien :';
  const subject = invitation
    ? 'Bienvenue sur Comptoir : choisissez votre mot de passe'
    : 'Réinitialisation de votre mot de passe Comptoir';
  const text = [
    `Bonjour ${prenom},`,
    '',
    intro,
    link,
    '',
    'Ce lien est valable une heure et ne peut servir qu’une fois.',
    'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
    '',
    'L’équipe Comptoir',
  ].join('\n');
  const html = `<p>Bonjour ${escapeHtml(prenom)},</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>Ce lien est valable une heure et ne peut servir qu’une fois.<br>Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.</p><p>L’équipe Comptoir</p>`;
  return { to, subject, text, html };
}
