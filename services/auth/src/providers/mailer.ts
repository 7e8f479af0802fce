import nodemailer from 'nodemailer';
import { isLocalHost } from '../config.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  lang: 'ar' | 'en';
  /** Extra headers (List-Unsubscribe on notification e-mails). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
}

/** Sends over SMTP (`smtp://` with STARTTLS when offered, `smtps://` for implicit TLS). */
export function createSmtpMailer(options: { url: string; from: string; production: boolean }): Mailer {
  const host = new URL(options.url.replace(/^smtps?:/, 'http:'));
  const transport = nodemailer.createTransport(options.url, {
    from: options.from,
    // A catcher on this machine commonly offers STARTTLS with a self-signed certificate.
    ...(!options.production && isLocalHost(host) ? { tls: { rejectUnauthorized: false } } : {}),
  });
  return {
    send: async (mail) => {
      await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: { ...mail.headers, 'Content-Language': mail.lang },
      });
    },
    close: () => transport.close(),
  };
}
