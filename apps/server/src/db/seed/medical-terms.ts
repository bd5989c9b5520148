import type { Db } from '../database'
import type { Random } from './random'
import type { SeedContext } from './seed-context'

/** Step 6 demo data: medical-terms-versions-and-acceptances. */
export async function seedMedicalTerms(db: Db, rng: Random, context: SeedContext): Promise<void> {
  await Promise.resolve([db, rng, context])
}
