import type { Db } from '../database'
import type { Random } from './random'
import type { SeedContext } from './seed-context'

/** Step 6 demo data: digital-health-cases-and-templates. */
export async function seedHealthCases(db: Db, rng: Random, context: SeedContext): Promise<void> {
  await Promise.resolve([db, rng, context])
}
