/**
 * Secrets of entity settings (gateway API keys, webhook signing secrets, integration tokens) are write-only: the
 * server stores them and answers them masked, never in full, in responses and in the audit trail alike.
 */
export const SECRET_MASK = '••••'

/** Secrets shorter than this are masked completely: their last four characters would give too much away. */
const SHOW_TAIL_FROM = 12

/** '••••3f9a' for a long secret, '••••' for a short one. */
export function maskSecret(secret: string): string {
  return secret.length >= SHOW_TAIL_FROM ? `${SECRET_MASK}${secret.slice(-4)}` : SECRET_MASK
}

/** Whether a value is a masked secret as the server answers it (sent back unchanged, it means "keep it"). */
export function isMaskedSecret(value: string): boolean {
  return value.startsWith(SECRET_MASK)
}

/** Shortest secret the server accepts; real gateway keys are far longer, so anything shorter is a typing slip. */
export const SECRET_MIN_LENGTH = 8
export const SECRET_MAX_LENGTH = 500
