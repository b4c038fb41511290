import { Button } from '@mantine/core'

/** Deactivate / reactivate a reference value (never deleted once used). Grey and plain: light
 * green text falls under 4.5:1 contrast. */
export function ToggleActiveButton({ active, name, onToggle, loading }: { active: boolean; name: string; onToggle: () => void; loading?: boolean }) {
  return (
    <Button size="compact-sm" variant={active ? 'light' : 'default'} color="gray" onClick={onToggle} loading={loading}
      aria-label={`${active ? 'Désactiver' : 'Réactiver'} ${name}`}>
      {active ? 'Désactiver' : 'Réactiver'}
    </Button>
  )
}
