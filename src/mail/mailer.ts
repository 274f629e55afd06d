import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Resolves once the message is handed to the SMTP server, or written to disk. */
  send(message: MailMessage): Promise<{ file?: string }>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://` or `smtps://` URL; without it messages become `.eml` files under `<dataDir>/mail`. */
  smtpUrl: string | undefined;
  dataDir: string;
  from: string;
  log?: (line: string) => void;
}

/**
 * Outgoing e-mail. With CCS_SMTP_URL set it speaks SMTP through nodemailer;
 * otherwise each message is written as an RFC 5322 `.eml` file (openable in any
 * mail client) and a log line names it, so a laptop install needs no mail server.
 */
export function createMailer(opts: MailerOptions): Mailer {
  const log = opts.log ?? (() => undefined);
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
        log(`mail sent to ${message.to}: ${message.subject}`);
        return {};
      },
      close() {
        transport.close();
      },
    };
  }
  const transport: Transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.join(opts.dataDir, 'mail');
  return {
    async send(message) {
      const info = (await transport.sendMail({ from: opts.from, ...message })) as { message: Buffer };
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${randomBytes(4).toString('hex')}.eml`;
      const file = path.join(dir, name);
      // Written beside the folder, then renamed in: whoever watches it never sees half a message.
      const partial = path.join(opts.dataDir, `.${name}.partial`);
      await fs.writeFile(partial, info.message);
      await fs.rename(partial, file);
      log(`mail to ${message.to} written to ${file} (set CCS_SMTP_URL to send it): ${message.subject}`);
      return { file };
    },
    close() {
      transport.close();
    },
  };
}
