// The header's search button and the Ctrl+K / ⌘K shortcut, on every signed-in page. The box
// itself (Spotlight and the results) is a separate chunk, fetched on first use or when the
// pointer or focus reaches the button, so that no first page load pays for it.
import { ActionIcon, Button, Kbd, VisuallyHidden } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { lazy, Suspense, useState } from 'react'

const load = () => import('./search-spotlight')
const SearchSpotlight = lazy(load)

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent)
const SHORTCUT = mac ? '⌘ K' : 'Ctrl K'

export function SearchLauncher() {
  const [openRequest, setOpenRequest] = useState(0)
  const open = () => setOpenRequest((n) => n + 1)
  // Also from inside a form field: the shortcut is the way to the box from anywhere.
  useHotkeys([['mod+K', open]], [])
  const preload = () => { void load() }

  return (
    <>
      <Button variant="default" size="sm" visibleFrom="sm" onClick={open} onPointerEnter={preload} onFocus={preload}
        leftSection={<IconSearch size={16} aria-hidden />} rightSection={<Kbd size="xs" aria-hidden>{SHORTCUT}</Kbd>}
        aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'} fw={400} c="gray.7" miw={220} justify="space-between">
        Rechercher…
      </Button>
      {/* Named by hidden text rather than aria-label: pages' own search fields are found by
          their label (« Recherche », « Rechercher »), which an aria-label here would shadow. */}
      <ActionIcon variant="subtle" color="gray" size={44} hiddenFrom="sm" onClick={open} onPointerEnter={preload}
        aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}>
        <IconSearch size={22} aria-hidden />
        <VisuallyHidden>Rechercher</VisuallyHidden>
      </ActionIcon>
      {openRequest > 0 && <Suspense fallback={null}><SearchSpotlight openRequest={openRequest} /></Suspense>}
    </>
  )
}
