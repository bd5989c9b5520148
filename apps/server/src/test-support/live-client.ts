/** One message of a text/event-stream as the tests read it. */
export interface StreamMessage {
  id: string | undefined
  event: string
  data: string
}

/**
 * A live stream client for tests (issue 16): GET /api/main/live over a real socket, the messages parsed as they come,
 * with waits for the one a test expects. The portal's own reader is in apps/web (lib/live).
 */
export class LiveClient {
  readonly messages: StreamMessage[] = []
  comments = 0
  ended = false
  private readonly waiters = new Set<() => void>()

  private constructor(
    readonly status: number,
    private readonly abort: AbortController,
  ) {}

  static async open(
    baseUrl: string,
    token: string,
    options: { lastEventId?: string } = {},
  ): Promise<LiveClient> {
    const abort = new AbortController()
    const headers: Record<string, string> = { authorization: `Token ${token}`, accept: 'text/event-stream' }
    if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId
    const response = await fetch(`${baseUrl}/api/main/live`, { headers, signal: abort.signal })
    const client = new LiveClient(response.status, abort)
    if (!response.ok || !response.body) {
      client.ended = true
      await response.body?.cancel()
      return client
    }
    void client.read(response.body)
    return client
  }

  /** The first message (already received or still to come) that matches, or a failure after `timeoutMs`. */
  async next(match: (m: StreamMessage) => boolean, timeoutMs = 10_000): Promise<StreamMessage> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.messages.find(match)
      if (found) return found
      if (this.ended) throw new Error(`the stream ended before the message came (got ${this.names()})`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`no such message within ${String(timeoutMs)} ms (got ${this.names()})`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(left, 250))
        function done() {
          clearTimeout(timer)
          resolve()
        }
        this.waiters.add(done)
      })
    }
  }

  /** Waits until the server ends the stream. */
  async whenEnded(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error('the stream did not end')
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  named(event: string): StreamMessage[] {
    return this.messages.filter((m) => m.event === event)
  }

  close(): void {
    this.abort.abort()
    this.ended = true
  }

  private names(): string {
    return this.messages.map((m) => m.event).join(', ') || 'nothing'
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder()
    let text = ''
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true })
        let end: number
        while ((end = text.indexOf('\n\n')) >= 0) {
          this.take(text.slice(0, end))
          text = text.slice(end + 2)
        }
        for (const wake of [...this.waiters]) wake()
        this.waiters.clear()
      }
    } catch {
      // Aborted by close(), or the connection dropped: either way the stream is over.
    }
    this.ended = true
    for (const wake of [...this.waiters]) wake()
  }

  private take(block: string): void {
    let id: string | undefined
    let event = 'message'
    const data: string[] = []
    let fields = 0
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        if (line.startsWith(': keep-alive')) this.comments += 1
        continue
      }
      const colon = line.indexOf(':')
      const name = colon < 0 ? line : line.slice(0, colon)
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
      fields += 1
      if (name === 'id') id = value
      else if (name === 'event') event = value
      else if (name === 'data') data.push(value)
    }
    if (fields > 0 && data.length > 0) this.messages.push({ id, event, data: data.join('\n') })
  }
}
