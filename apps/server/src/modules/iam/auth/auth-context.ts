/** Who is calling, resolved from the token on every authenticated request. */
export interface AuthContext {
  sessionId: string
  userId: number
  userUuid: string
  username: string
  /** The entity the session acts in; every read and write is scoped by it. */
  entityCode: string
  isPlatformAdmin: boolean
  /**
   * The user's membership relation in `entityCode` as read with the token (null: not a member), so the permission
   * check needs no query of its own. Keyed by the entity it was read for: a context made for another entity falls
   * back to reading it.
   */
  membership?: { entityCode: string; relation: number | null }
  /**
   * Set when the caller is a service account calling with one of its API keys (docs/decisions/0114): it has no
   * session, so `sessionId` names the key and routes that need a person's session refuse it.
   */
  apiKey?: { id: number; uuid: string; name: string }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every route that is not public; read it through `requireAuth`. */
    auth: AuthContext | null
  }
}
