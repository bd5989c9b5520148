import type { Db } from '../database'
import type { Random } from './random'
import type { SeedContext } from './seed-context'

/** Step 5 EV demo data: locations-EVSEs-connectors-charge-points (docs/decisions/0020-ev-charging-model.md). */
export async function seedEvNetwork(db: Db, rng: Random, context: SeedContext): Promise<void> {
  await Promise.resolve([db, rng, context])
}
