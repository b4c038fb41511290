import { AppShell, Burger, Button, Group, NavLink, Stack, Text, Title } from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { session } from '@/lib/auth/session'
import { useMe } from '@/lib/auth/use-me'
import { PageLoader } from '@/components/page-loader'
import { SearchLauncher } from '@/features/search/components/search-launcher'
import { allowed, navigation, sectionOf } from '../navigation'
import { useSavedViews } from '@/lib/saved-views'
import { AccountButton } from './account-button'
import { OutboxIndicator } from './outbox-indicator'

// The account's menu (Mantine's Menu and Popover) in a chunk of its own, loaded when the person
// asks for it (a tap, Enter): no first load carries it (e2e/budgets.spec.ts).
const AccountMenu = lazy(() => import('./account-menu'))

// What arrives while the person works (a trapped person, a new assignment), announced on every
// page; in a chunk of its own so that no first load carries the dashboard's reads.
const ArrivalAlerts = lazy(() => import('@/features/dashboard/components/arrival-alerts').then((m) => ({ default: m.ArrivalAlerts })))

// « Mes vues » loads only for a person who kept some: the first load of every page stays light.
const SavedViewsNav = lazy(() => import('@/components/saved-views/saved-views-nav').then((m) => ({ default: m.SavedViewsNav })))

/** The signed-in frame: a header with the person's menu, a side menu that folds behind a
 * burger on phones (no fixed sidebar eating a 390-px screen). */
export function Shell() {
  const [opened, { toggle, close }] = useDisclosure()
  // Folded on a phone, the menu is moved off screen: hide it from keyboards and screen readers too.
  const phone = useMediaQuery('(max-width: 48em)')
  const { me, can } = useMe()
  const hasViews = useSavedViews(me?.id ?? '').length > 0
  const [account, setAccount] = useState<'button' | 'open'>('button')
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const items = navigation.filter((i) => allowed(i, can))
  // An address typed or bookmarked outside the person's rights says so, rather than a page whose
  // reads fail with a retry that can never work (the same rule as the menu's).
  const section = sectionOf(location.pathname)
  const barred = me !== undefined && section !== undefined && !allowed(section, can)

  function signOut() {
    session.signOut()
    queryClient.clear()
    navigate(paths.login, { replace: true })
  }

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      {me && <Suspense fallback={null}><ArrivalAlerts /></Suspense>}
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Ouvrir le menu" />
            <Text component={Link} to={paths.home} fw={700} fz="lg" c="blue.8" td="none">Palier</Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
          <OutboxIndicator />
          <SearchLauncher />
          {account === 'button'
            ? <AccountButton me={me} onClick={() => setAccount('open')} />
            : <Suspense fallback={<AccountButton me={me} />}><AccountMenu me={me} onSignOut={signOut} opened /></Suspense>}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Menu principal" style={{ overflowY: 'auto', ...(phone && !opened ? { visibility: 'hidden' } : {}) }}>
        {items.map((item) => {
          const active = item.to === paths.home ? location.pathname === '/' : location.pathname.startsWith(item.to)
          return (
            <NavLink key={item.to} component={Link} to={item.to} label={item.label} active={active} onClick={close}
              leftSection={<item.icon size={20} stroke={1.6} />} styles={{ root: { minHeight: 44, borderRadius: 8 } }} />
          )
        })}
        {me && hasViews && <Suspense fallback={null}><SavedViewsNav userId={me.id} onOpen={close} /></Suspense>}
      </AppShell.Navbar>
      <AppShell.Main>
        {barred
          ? (
            <Stack align="center" gap="xs" py="xl">
              <Title order={1} size="h3">Page réservée</Title>
              <Text c="dimmed" ta="center" maw={420}>Votre rôle ne donne pas accès à « {section.label} ». Demandez à un administrateur si vous en avez besoin.</Text>
              <Button component={Link} to={paths.home} variant="light">Retour au tableau de bord</Button>
            </Stack>
          )
          : <Suspense fallback={<PageLoader />}><Outlet /></Suspense>}
      </AppShell.Main>
    </AppShell>
  )
}
