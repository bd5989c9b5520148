import { ProgrammeOverview } from './programme-overview'

/** /medicord: the medicord programme's groups with their compliance (A §2). */
export function MedicordPage() {
  return <ProgrammeOverview programme="medicord" />
}
