// Outgoing e-mail: SMTP through nodemailer when SMTP_URL is set; otherwise nothing is sent
// (the invitation link is still returned to the administrator who asked for it).
import nodemailer from 'nodemailer'
import type { Config } from '../config.ts'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  enabled: boolean
  send(mail: Mail): Promise<void>
}

export function createMailer(config: Config): Mailer {
  if (!config.smtp) return { enabled: false, async send() {} }
  const transport = nodemailer.createTransport(config.smtp.url)
  const from = config.smtp.from
  return {
    enabled: true,
    async send(mail) { await transport.sendMail({ from, ...mail }) },
  }
}

/** Keeps mails in memory; tests read them. */
export function memoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = []
  return { enabled: true, sent, async send(mail) { sent.push(mail) } }
}
