import { useSearchParams } from 'react-router'
import { GroupView } from './group-view'
import { ProgrammeOverview } from './programme-overview'

/** /covid: the covid programme's groups; `?group={uuid}` shows one group's results (A §2 gives covid no group route). */
export function CovidPage() {
  const [params] = useSearchParams()
  const group = params.get('group')
  if (group) return <GroupView key={group} programme="covid" uuid={group} />
  return <ProgrammeOverview programme="covid" />
}
