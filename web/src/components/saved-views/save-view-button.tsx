import { Button } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconBookmarkPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { useMe } from '@/lib/auth/use-me'
import { savedViews, type SavedViewKind } from '@/lib/saved-views'
import { ViewNameModal } from './view-name-modal'

/** « Enregistrer la vue »: keeps the list as it is now (its address, filters and order) under a name. */
export function SaveViewButton({ kind, suggestion }: { kind: SavedViewKind; suggestion: string }) {
  const { me } = useMe()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  if (!me) return null
  return (
    <>
      <Button variant="default" leftSection={<IconBookmarkPlus size={18} />} onClick={() => setOpen(true)}>Enregistrer la vue</Button>
      {open && (
        <ViewNameModal title="Enregistrer la vue" initial={suggestion} confirm="Enregistrer" onClose={() => setOpen(false)}
          onSubmit={(name) => {
            savedViews.add(me.id, { name, kind, to: `${location.pathname}${location.search}` })
            setOpen(false)
            notifications.show({ message: `Vue « ${name} » enregistrée : retrouvez-la dans le menu, sous « Mes vues ».` })
          }} />
      )}
    </>
  )
}
