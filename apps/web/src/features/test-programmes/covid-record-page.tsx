import { useParams } from 'react-router'
import { PersonRecord } from './person-record'

/** /covid/{uuid}: a person's record in the covid programme. */
export function CovidRecordPage() {
  const { uuid = '' } = useParams()
  return <PersonRecord key={uuid} programme="covid" uuid={uuid} />
}
