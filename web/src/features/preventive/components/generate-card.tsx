import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { MonthPickerInput } from '@mantine/dates'
import { IconCalendarPlus, IconCircleCheck } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import type { Schemas } from '@/lib/api/client'
import { useGeneratePreventive } from '../api/preventive'
import { currentMonth, frenchMonth, generationWindow, monthToPickerValue, pickerValueToMonth } from '../utils/months'
import { capitalize, de } from '@/lib/french'

// The year button keeps its visible name (the year): an aria-label would hide it (axe).
const PICKER_LABELS = { previousYear: 'Année précédente', nextYear: 'Année suivante', previousDecade: 'Décennie précédente', nextDecade: 'Décennie suivante' }
// Mantine names the dropdown after the popover's id: the same id as the input's names it after the button.
const PICKER_ID = 'preventive-month'

/** Generates a month's grids on demand (the monthly job does it on the 1st anyway). The API
 * is idempotent: generating a month again only reports the grids already there. */
export function GenerateCard() {
  const now = useMemo(() => new Date(), [])
  const range = generationWindow(now)
  const [month, setMonth] = useState(currentMonth(now))
  const generate = useGeneratePreventive()

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="preventive-generate-title">
      <Stack gap="md">
        <Stack gap={0}>
          <Title order={2} fz="lg" id="preventive-generate-title">Générer les grilles d’un mois</Title>
          <Text size="sm" c="dimmed">
            Une grille par équipement sous contrat, avec les tâches dues ce mois-là. Générer deux fois le même mois ne crée rien de plus.
          </Text>
        </Stack>
        <Group align="flex-end" gap="sm">
          <MonthPickerInput label="Mois" value={monthToPickerValue(month)} w={260}
            onChange={(v) => { if (v) { setMonth(pickerValueToMonth(v)); generate.reset() } }}
            minDate={monthToPickerValue(range.first)} maxDate={monthToPickerValue(range.last)}
            valueFormat="MMMM YYYY" ariaLabels={PICKER_LABELS} id={PICKER_ID} popoverProps={{ withinPortal: true, id: PICKER_ID }}
            description={`${capitalize(de(frenchMonth(range.first)))} à ${frenchMonth(range.last)}`} />
          <Button leftSection={<IconCalendarPlus size={18} />} loading={generate.isPending}
            onClick={() => generate.mutate({ body: { month } })}>
            Générer
          </Button>
        </Group>
        {generate.data && <GenerationResult result={generate.data} />}
      </Stack>
    </Card>
  )
}

function GenerationResult({ result }: { result: Schemas['PreventiveGenerationResult'] }) {
  const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`
  return (
    <Alert color={result.created > 0 ? 'green' : 'blue'} icon={<IconCircleCheck />} title={`Génération ${de(frenchMonth(result.month))}`}
      role="status" data-testid="generation-result">
      <Text size="sm">
        {plural(result.created, 'grille créée', 'grilles créées')}
        {result.firstControls > 0 && ` (dont ${plural(result.firstControls, 'première visite', 'premières visites')})`}
        {' · '}{plural(result.alreadyPresent, 'déjà présente', 'déjà présentes')}.
      </Text>
      {result.created === 0 && <Text size="sm" mt={4}>Rien de nouveau : chaque équipement sous contrat avait déjà sa grille pour ce mois.</Text>}
    </Alert>
  )
}
