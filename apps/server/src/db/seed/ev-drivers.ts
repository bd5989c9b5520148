import type { Db } from '../database'
import type { Random } from './random'
import type { SeedContext } from './seed-context'

/** Step 5 EV demo data: drivers-and-EMSP-users (docs/decisions/0020-ev-charging-model.md). */
export async function seedEvDrivers(db: Db, rng: Random, context: SeedContext): Promise<void> {
  await Promise.resolve([db, rng, context])
}
