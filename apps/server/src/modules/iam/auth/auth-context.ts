/** Who is calling, resolved from the token on every authenticated request. */
export interface AuthContext {
  sessionId: string
  userId: number
  userUuid: string
  username: string
  /** The entity the session acts in; every read and write is scoped by it. */
  entityCode: string
  isPlatformAdmin: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every route that is not public; read it through `requireAuth`. */
    auth: AuthContext | null
  }
}
