import { Button, Group } from '@mantine/core'
import { Suspense } from 'react'
import { Link, Outlet, useLocation } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { PageHeader } from '@/components/page-header'
import { PageLoader } from '@/components/page-loader'
import { useMe } from '@/lib/auth/use-me'
import { visibleSections } from '../sections'

/** Administration: one link per section the person may read, the section below. Links (not
 * ARIA tabs): each section has its own address, so it can be bookmarked and reloaded. */
export function Component() {
  const { can } = useMe()
  const { pathname } = useLocation()
  const sections = visibleSections(can)
  return (
    <>
      <PageHeader title="Administration" description="Personnes, équipes et données de référence" />
      {sections.length === 0 ? <EmptyState title="Aucune rubrique">Votre rôle ne donne accès à aucune rubrique d’administration.</EmptyState> : (
        <>
          <Group component="nav" aria-label="Rubriques d’administration" gap={6} mb="lg">
            {sections.map((s) => {
              const active = pathname.startsWith(s.path)
              return (
                <Button key={s.path} component={Link} to={s.path} size="sm" variant={active ? 'filled' : 'default'}
                  aria-current={active ? 'page' : undefined} leftSection={<s.icon size={16} />} styles={{ root: { minHeight: 40 } }}>
                  {s.label}
                </Button>
              )
            })}
          </Group>
          <Suspense fallback={<PageLoader />}><Outlet /></Suspense>
        </>
      )}
    </>
  )
}
