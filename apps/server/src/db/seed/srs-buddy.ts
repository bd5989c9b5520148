import type { Db } from '../database'
import type { Random } from './random'
import type { SeedContext } from './seed-context'

/** Step 6 demo data: SRS-buddy-records. */
export async function seedSrsBuddy(db: Db, rng: Random, context: SeedContext): Promise<void> {
  await Promise.resolve([db, rng, context])
}
