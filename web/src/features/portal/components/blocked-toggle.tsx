import { Paper, Switch, Text } from '@mantine/core'

/** The one question that changes everything: big, red when on, the whole area tappable. */
export function BlockedToggle({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <Paper withBorder radius="md" p="md" bg={checked ? 'red.0' : 'white'}
      style={{ borderColor: checked ? 'var(--mantine-color-red-7)' : undefined, borderWidth: checked ? 2 : 1 }}>
      <Switch size="xl" color="red" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)}
        label={<Text fw={700} fz="lg">Personne bloquée dans la cabine</Text>}
        description={checked
          ? 'Votre signalement passe en tête et un technicien est envoyé en urgence. Si la personne est en danger, appelez le 112.'
          : 'Activez si quelqu’un est coincé dans l’ascenseur.'}
        styles={{ body: { alignItems: 'center' }, labelWrapper: { flex: 1 }, description: { color: 'var(--mantine-color-gray-8)', fontSize: 'var(--mantine-font-size-sm)' } }} />
    </Paper>
  )
}
