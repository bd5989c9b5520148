import type { Db } from '../database'
import type { Random } from './random'
import type { SeedContext } from './seed-context'

/** Step 6 demo data: typeform-campaigns. */
export async function seedCampaigns(db: Db, rng: Random, context: SeedContext): Promise<void> {
  await Promise.resolve([db, rng, context])
}
