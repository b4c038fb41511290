import { ActionIcon, Box, Group, Menu, NavLink, Text } from '@mantine/core'
import { IconBookmark, IconDots, IconPencil, IconTrash } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { savedViews, useSavedViews, type SavedView } from '@/lib/saved-views'
// The rename dialog loads when asked for: the menu is on every page's first load.
const ViewNameModal = lazy(() => import('./view-name-modal').then((m) => ({ default: m.ViewNameModal })))

/** « Mes vues » in the side menu: each saved list opens as it was kept; renamed or removed there. */
export function SavedViewsNav({ userId, onOpen }: { userId: string; onOpen: () => void }) {
  const views = useSavedViews(userId)
  const location = useLocation()
  const [renaming, setRenaming] = useState<SavedView | null>(null)
  if (views.length === 0) return null
  const here = `${location.pathname}${location.search}`
  return (
    <Box component="nav" aria-label="Mes vues" mt="sm">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>Mes vues</Text>
      {views.map((view) => (
        <Group key={view.id} gap={0} wrap="nowrap">
          <NavLink component={Link} to={view.to} label={view.name} active={view.to === here} onClick={onOpen}
            leftSection={<IconBookmark size={18} stroke={1.6} />} styles={{ root: { minHeight: 44, borderRadius: 8 }, label: { overflowWrap: 'anywhere' } }} />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size={36} aria-label={`Gérer la vue ${view.name}`}><IconDots size={18} /></ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setRenaming(view)}>Renommer</Menu.Item>
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => savedViews.remove(userId, view.id)}>Supprimer</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      ))}
      {renaming && (
        <Suspense fallback={null}>
          <ViewNameModal title="Renommer la vue" initial={renaming.name} confirm="Renommer" onClose={() => setRenaming(null)}
            onSubmit={(name) => { savedViews.rename(userId, renaming.id, name); setRenaming(null) }} />
        </Suspense>
      )}
    </Box>
  )
}
