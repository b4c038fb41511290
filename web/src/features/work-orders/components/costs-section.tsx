import { Divider, Group, Stack, Text } from '@mantine/core'
import type { Schemas } from '@/lib/api/client'
import { formatCents, formatMinutes } from '../lib/format'
import { SectionCard } from './section-card'

/** Parts and labour as the API prices them (read-only: entered elsewhere, frozen at entry). */
export function CostsSection({ costs }: { costs: Schemas['WorkOrderCosts'] }) {
  const empty = costs.parts.length === 0 && costs.labor.length === 0
  return (
    <SectionCard id="costs" title="Coûts">
      {empty ? <Text size="sm" c="dimmed">Aucune pièce ni main-d’œuvre saisie.</Text> : (
        <Stack gap="xs">
          {costs.labor.length > 0 && <Text size="xs" fw={600} tt="uppercase" c="dimmed">Main-d’œuvre</Text>}
          {costs.labor.map((l) => (
            <Line key={l.id} label={l.person.displayName} detail={`${formatMinutes(l.minutes)} à ${formatCents(l.hourlyRateCents)} / h`} amount={l.totalCents} />
          ))}
          {costs.parts.length > 0 && <Text size="xs" fw={600} tt="uppercase" c="dimmed" mt="xs">Pièces</Text>}
          {costs.parts.map((p) => (
            <Line key={p.id} label={`${p.partReference} — ${p.designation}`} detail={`${p.quantity} × ${formatCents(p.unitPriceCents)}`} amount={p.totalCents} />
          ))}
        </Stack>
      )}
      <Divider my="sm" />
      <Stack gap={2}>
        <Line label="Main-d’œuvre" amount={costs.laborCents} />
        <Line label="Pièces" amount={costs.partsCents} />
        <Line label="Total" amount={costs.totalCents} strong />
      </Stack>
    </SectionCard>
  )
}

function Line({ label, detail, amount, strong }: { label: string; detail?: string; amount: number; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={strong ? 700 : undefined}>{label}</Text>
        {detail && <Text size="xs" c="dimmed">{detail}</Text>}
      </div>
      <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>{formatCents(amount)}</Text>
    </Group>
  )
}
