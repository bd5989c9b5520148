import type { Db } from '../database'
import type { Random } from './random'
import type { SeedContext } from './seed-context'

/** Step 6 demo data: test programmes (covid, medicord): groups, people, test instances and compliance. */
export async function seedReporting(db: Db, rng: Random, context: SeedContext): Promise<void> {
  await Promise.resolve([db, rng, context])
}
