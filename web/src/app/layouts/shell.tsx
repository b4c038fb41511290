import { AppShell, Avatar, Burger, Button, Group, Menu, NavLink, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { IconLogout } from '@tabler/icons-react'
import { useQueryClient } from '@tanstack/react-query'
import { Suspense } from 'react'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { session } from '@/lib/auth/session'
import { useMe } from '@/lib/auth/use-me'
import { PageLoader } from '@/components/page-loader'
import { SavedViewsNav } from '@/components/saved-views/saved-views-nav'
import { SearchLauncher } from '@/features/search/components/search-launcher'
import { allowed, navigation, sectionOf } from '../navigation'
import { OutboxIndicator } from './outbox-indicator'

/** The signed-in frame: a header with the person's menu, a side menu that folds behind a
 * burger on phones (no fixed sidebar eating a 390-px screen). */
export function Shell() {
  const [opened, { toggle, close }] = useDisclosure()
  // Folded on a phone, the menu is moved off screen: hide it from keyboards and screen readers too.
  const phone = useMediaQuery('(max-width: 48em)')
  const { me, can } = useMe()
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

  const initials = me?.displayName.split(/\s+/).map((w) => w[0]).join('').slice(0, 2).toUpperCase()
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Ouvrir le menu" />
            <Text component={Link} to={paths.home} fw={700} fz="lg" c="blue.8" td="none">Palier</Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
          <OutboxIndicator />
          <SearchLauncher />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              {/* Named by its visible text (axe: label-content-name-mismatch), the initials decorative. */}
              <UnstyledButton>
                <VisuallyHidden>Mon compte</VisuallyHidden>
                <Group gap="xs" wrap="nowrap">
                  <Avatar color="blue" variant="filled" radius="xl" size="md" aria-hidden>{initials}</Avatar>
                  <div style={{ lineHeight: 1.1 }}>
                    <Text size="sm" fw={600} visibleFrom="xs">{me?.displayName}</Text>
                    <Text size="xs" c="dimmed" visibleFrom="xs">{me?.role.name}</Text>
                  </div>
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{me?.email}</Menu.Label>
              <Menu.Item leftSection={<IconLogout size={16} />} onClick={signOut}>Se déconnecter</Menu.Item>
            </Menu.Dropdown>
          </Menu>
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
        {me && <SavedViewsNav userId={me.id} onOpen={close} />}
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
