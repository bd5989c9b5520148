import { useParams } from 'react-router'
import { GroupView } from './group-view'
import { ProgrammeOverview } from './programme-overview'

/** /medicord/group/{uuid?}: a medicord group's results; without a uuid, the groups to choose from. */
export function MedicordGroupPage() {
  const { uuid } = useParams()
  if (!uuid) return <ProgrammeOverview programme="medicord" />
  return <GroupView key={uuid} programme="medicord" uuid={uuid} />
}
