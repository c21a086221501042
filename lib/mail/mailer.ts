import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail. Lede sends only plain-text messages to one recipient. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * An SMTP mailer for `LEDE_SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…:465`; nodemailer's URL options such
 * as `?requireTLS=true` apply). One pooled transport per URL.
 */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}

/** Mail kept in memory: for tests, and to see what would have been sent. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
