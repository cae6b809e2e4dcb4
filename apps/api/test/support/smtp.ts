import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          mails.push({
            to: to ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
          });
          waiters.splice(0).forEach((w) => w());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits for a mail to `to` (up to `ms`), and returns it. */
    async waitFor(to: string, ms = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = mails.find((m) => m.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`Aucun e-mail reçu pour ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reset key carried by the link of a mail. */
export function resetKeyOf(mail: ReceivedMail): string {
  const match = /reset-password\?key=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error('Aucun lien de réinitialisation dans le message');
  return decodeURIComponent(match[1]);
}
