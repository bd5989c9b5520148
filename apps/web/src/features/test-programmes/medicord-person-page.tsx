import { useParams } from 'react-router'
import { PersonRecord } from './person-record'

/** /medicord/{uuid}: a person's record in the medicord programme. */
export function MedicordPersonPage() {
  const { uuid = '' } = useParams()
  return <PersonRecord key={uuid} programme="medicord" uuid={uuid} />
}
