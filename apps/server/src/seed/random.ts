/** A small seeded PRNG (mulberry32): the same seed gives the same demo data on every machine. */
export class Random {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)]
    if (item === undefined) throw new Error('pick from an empty list')
    return item
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(pairs: readonly (readonly [T, number])[]): T {
    const total = pairs.reduce((s, [, w]) => s + w, 0)
    let r = this.next() * total
    for (const [value, weight] of pairs) {
      r -= weight
      if (r < 0) return value
    }
    const last = pairs[pairs.length - 1]
    if (!last) throw new Error('weighted pick from an empty list')
    return last[0]
  }

  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      const a = copy[i] as T
      copy[i] = copy[j] as T
      copy[j] = a
    }
    return copy.slice(0, Math.max(0, Math.min(count, copy.length)))
  }

  /**
   * An independent generator for one area of the demo data, derived from this one's state and the label, so an
   * area's rows do not change when another area draws more or fewer numbers.
   */
  fork(label: string): Random {
    let h = this.state ^ 0x9e3779b9
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193)
    return new Random(h >>> 0)
  }

  chance(p: number): boolean {
    return this.next() < p
  }
}

/** A stable UUID-shaped id from the PRNG (deterministic, unlike crypto.randomUUID). */
export function seededUuid(rng: Random): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16)).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/**
 * A UUID-shaped id from four 32-bit draws (seededUuid draws 32 times; millions of ids need it cheaper).
 *
 * Every fork of Random walks the same cycle of 2^32 states, from a different point. A generator that draws a
 * billion numbers (the xlarge seed's charging sessions) covers a quarter of the cycle, so another fork can land on
 * the same stretch and draw the same ids. `unique` rules that out where ids must be unique at that size: the last 12
 * hex digits become a space (which generator and column) and a number unique in it (a row id), while the same four
 * numbers are still drawn, so nothing else the generator makes changes.
 */
export function fastUuid(rng: Random, unique?: { space: number; n: number }): string {
  const h = () =>
    Math.floor(rng.next() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0')
  const a = h()
  const b = h()
  const c = h()
  const d = h()
  const tail = unique
    ? `${unique.space.toString(16)}${unique.n.toString(16).padStart(11, '0')}`
    : `${c.slice(4)}${d}`
  return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-a${c.slice(1, 4)}-${tail}`
}
