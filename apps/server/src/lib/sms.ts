/** Sends text messages. The real gateway is a third party; development and tests use the outbox below. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>
}

export interface SentSms {
  to: string
  text: string
  at: number
}

/**
 * Development sender: keeps the last messages in memory (read by tests and developers through the dev-only
 * outbox endpoint) and writes each to the log, so a developer can sign in with SMS without a gateway.
 */
export class DevSmsOutbox implements SmsSender {
  private readonly messages: SentSms[] = []

  constructor(
    private readonly log: (message: string) => void = () => undefined,
    private readonly keep = 200,
  ) {}

  send(to: string, text: string): Promise<void> {
    this.messages.push({ to, text, at: Date.now() })
    if (this.messages.length > this.keep) this.messages.shift()
    this.log(`SMS to ${to}: ${text}`)
    return Promise.resolve()
  }

  /** Newest first, optionally only those to one number. */
  list(to?: string): SentSms[] {
    return this.messages.filter((m) => to === undefined || m.to === to).reverse()
  }
}

/** Production without a configured gateway: refuse clearly instead of pretending a code was sent. */
export class UnconfiguredSmsSender implements SmsSender {
  send(): Promise<void> {
    return Promise.reject(new Error('No SMS gateway is configured'))
  }
}
