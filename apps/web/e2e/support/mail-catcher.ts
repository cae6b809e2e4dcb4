import { createServer } from 'node:http';
import { startSmtpServer, type ReceivedMail as Mail } from '../../../api/test/support/smtp';

/**
 * The API suite's real SMTP server, with a small HTTP window on what it received (`GET /mails`),
 * since browser tests run in other processes than the global set-up.
 */
export async function startMailCatcher() {
  const smtp = await startSmtpServer();
  const http = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(smtp.mails));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    smtpUrl: smtp.url,
    httpUrl: `http://127.0.0.1:${(http.address() as { port: number }).port}`,
    close: async () => {
      await smtp.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** Waits until a mail to `to` arrives and returns it (called from tests). */
export async function waitForMail(to: string, after = 0, ms = 120_000): Promise<Mail> {
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
