import type pg from 'pg'

/** What every area's generator gets: the reference time and the scale of SeedOptions. */
export interface SeedContext {
  /** Reference time (epoch ms); generated timestamps span the 90 days before it. */
  now: number
  /** Multiplies the per-entity row counts: 1 is the demo size. */
  scale: number
  /**
   * The `--scale large` preset: the row count the big lists (order items, transactions) reach at least, whatever
   * the scale. Unset: areas size themselves by `scale`.
   */
  rowTarget?: number
  /**
   * PostgreSQL: a connection of its own on the seed's database (DatabaseHandle.newClient). Given, the big loads
   * (rowTarget) write through COPY on such connections; otherwise through the unnest inserts.
   */
  newClient?: () => pg.Client
}
