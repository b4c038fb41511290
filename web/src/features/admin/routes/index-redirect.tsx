import { Navigate } from 'react-router'
import { useMe } from '@/lib/auth/use-me'
import { visibleSections } from '../sections'

/** /administration opens the first section the person may read. */
export function Component() {
  const { can } = useMe()
  const first = visibleSections(can)[0]
  return first ? <Navigate to={first.path} replace /> : null
}
