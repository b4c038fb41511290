import type { ReactNode } from 'react'
import { EmptyState } from '@/components/empty-state'
import { useMe } from '@/lib/auth/use-me'
import { adminSections } from '../sections'

/** A section opened by its address without the right to read it says so instead of failing. */
export function SectionGuard({ path, children }: { path: string; children: ReactNode }) {
  const { can } = useMe()
  const section = adminSections.find((s) => s.path === path)
  if (section && !section.needs.every(([c, a]) => can(c, a))) {
    return <EmptyState title="Rubrique non accessible">Votre rôle ne permet pas de consulter cette rubrique.</EmptyState>
  }
  return <>{children}</>
}
