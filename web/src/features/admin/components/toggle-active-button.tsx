import { Button } from '@mantine/core'

/** Deactivate / reactivate a reference value (never deleted once used). */
export function ToggleActiveButton({ active, name, onToggle, loading }: { active: boolean; name: string; onToggle: () => void; loading?: boolean }) {
  return (
    <Button size="compact-sm" variant="light" color={active ? 'gray' : 'green'} onClick={onToggle} loading={loading}
      aria-label={`${active ? 'Désactiver' : 'Réactiver'} ${name}`}>
      {active ? 'Désactiver' : 'Réactiver'}
    </Button>
  )
}
