import nodemailer from 'nodemailer'

/** An e-mail as the portal sends it: plain text, one recipient per message (no address leaks to another). */
export interface MailMessage {
  to: string
  subject: string
  text: string
  /** Files sent with it (a small scheduled report); a large one goes as a link in the text instead. */
  attachments?: readonly MailAttachment[]
}

export interface MailAttachment {
  filename: string
  content: Buffer
  contentType: string
}

export interface MailSender {
  send(message: MailMessage): Promise<void>
}

export interface SentMail extends MailMessage {
  at: number
}

/**
 * Development and tests: the messages "sent" are kept in memory (read through the dev-only outbox endpoint, as SMS
 * codes are) and logged, so alerts can be seen without a mail server.
 */
export class DevMailOutbox implements MailSender {
  private readonly messages: SentMail[] = []

  constructor(
    private readonly log: (message: string) => void = () => undefined,
    private readonly keep = 200,
  ) {}

  send(message: MailMessage): Promise<void> {
    this.messages.push({ ...message, at: Date.now() })
    if (this.messages.length > this.keep) this.messages.shift()
    this.log(`mail to ${message.to}: ${message.subject}`)
    return Promise.resolve()
  }

  /** Newest first, optionally only those to one address. */
  list(to?: string): SentMail[] {
    return this.messages.filter((m) => to === undefined || m.to === to).reverse()
  }
}

/** Production without PORTAL_SMTP_URL: a clear refusal (the job records why), never a pretended send. */
export class UnconfiguredMailSender implements MailSender {
  send(): Promise<void> {
    return Promise.reject(new Error('No mail server is configured (PORTAL_SMTP_URL)'))
  }
}

/** SMTP through nodemailer: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
export class SmtpMailSender implements MailSender {
  private readonly transport: nodemailer.Transporter

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url)
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.attachments
        ? {
            attachments: message.attachments.map((a) => ({
              filename: a.filename,
              content: a.content,
              contentType: a.contentType,
            })),
          }
        : {}),
    })
  }

  close(): void {
    this.transport.close()
  }
}
