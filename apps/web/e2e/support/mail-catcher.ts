import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface Mail { to: string; subject: string; text: string }

/**
 * A real SMTP server for the browser tests, with a small HTTP window on what it received
 * (`GET /mails`), since tests run in other processes than the global set-up.
 */
export async function startMailCatcher() {
  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          mails.push({ to: to ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const http = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`,
    httpUrl: `http://127.0.0.1:${(http.address() as { port: number }).port}`,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** Waits until a mail to `to` arrives and returns it (called from tests). */
export async function waitForMail(to: string, after = 0, ms = 15_000): Promise<Mail> {
  const url = process.env['E2E_MAILS_URL'];
  if (!url) throw new Error('E2E_MAILS_URL absent : la mise en place globale n’a pas tourné');
  const deadline = Date.now() + ms;
  for (;;) {
    const mails = (await (await fetch(url)).json()) as Mail[];
    const found = mails.slice(after).find((m) => m.to.includes(to));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`Aucun e-mail reçu pour ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function mailCount(): Promise<number> {
  return ((await (await fetch(process.env['E2E_MAILS_URL']!)).json()) as Mail[]).length;
}
