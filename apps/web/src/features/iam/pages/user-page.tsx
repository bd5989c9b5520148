import { useParams } from 'react-router'
import { UserCreate } from './user-create'
import { UserDetail } from './user-detail'

/** /iam/users/{id?}: a user by uuid, or the form for a new user without one. */
export function UserPage() {
  const { id } = useParams()
  return id === undefined ? <UserCreate /> : <UserDetail key={id} uuid={id} />
}
