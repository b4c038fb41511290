import { Button, Group, Modal, TextInput } from '@mantine/core'
import { useState } from 'react'
import { cleanName, MAX_NAME } from '@/lib/saved-views'

/** Asks a view's name (to keep a new one, or rename one). */
export function ViewNameModal({ title, initial, confirm, onSubmit, onClose }: {
  title: string
  initial: string
  confirm: string
  onSubmit: (name: string) => void
  onClose: () => void
}) {
  const [name, setName] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Fermer' }}>
      <form onSubmit={(e) => {
        e.preventDefault()
        if (!cleanName(name)) { setError('Donnez un nom à cette vue.'); return }
        onSubmit(cleanName(name))
      }}>
        <TextInput label="Nom de la vue" data-autofocus value={name} maxLength={MAX_NAME} error={error}
          onChange={(e) => { setName(e.currentTarget.value); setError(null) }} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>Annuler</Button>
          <Button type="submit">{confirm}</Button>
        </Group>
      </form>
    </Modal>
  )
}
