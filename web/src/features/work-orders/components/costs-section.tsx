import { Button, Divider, Group, Stack, Text } from '@mantine/core'
import { IconClock, IconPackage } from '@tabler/icons-react'
import { useState } from 'react'
import { SectionCard } from '@/components/section-card'
import type { Schemas } from '@/lib/api/client'
import { formatAmount, formatCents, formatMinutes } from '../lib/format'
import { ConsumePartForm, LaborForm } from './cost-forms'

interface CostsProps {
  costs: Schemas['WorkOrderCosts']
  orderId: string
  assignees: Schemas['WorkOrderPerson'][]
  /** The API's word (abilities.enterCosts): parts and the caller's own time may be entered. */
  editable: boolean
  /** The API's word (abilities.logTimeForOthers): time may be logged for the people on the order. */
  forOthers: boolean
}

/** Parts and labour as the API prices them (frozen at entry); while the order is open, a
 * technician takes a part from stock or logs time here. Pay the caller may not see (a
 * colleague's rate, the labour sum and the total: null from the API) reads « — ». */
export function CostsSection({ costs, orderId, assignees, editable, forOthers }: CostsProps) {
  const [entering, setEntering] = useState<'part' | 'labor' | null>(null)
  const empty = costs.parts.length === 0 && costs.labor.length === 0
  return (
    <SectionCard id="costs" title="Coûts">
      {editable && (entering === 'part' ? <ConsumePartForm orderId={orderId} onDone={() => setEntering(null)} />
        : entering === 'labor' ? <LaborForm orderId={orderId} assignees={assignees} forOthers={forOthers} onDone={() => setEntering(null)} />
          : (
            <Stack gap="xs" mb="sm">
              <Button variant="light" leftSection={<IconPackage size={18} />} onClick={() => setEntering('part')}>Consommer une pièce</Button>
              <Button variant="light" leftSection={<IconClock size={18} />} onClick={() => setEntering('labor')}>Saisir du temps</Button>
            </Stack>
          ))}
      {entering && <Divider my="sm" />}
      {empty ? <Text size="sm" c="dimmed">Aucune pièce ni main-d’œuvre saisie.</Text> : (
        <Stack gap="xs">
          {costs.labor.length > 0 && <Text size="xs" fw={600} tt="uppercase" c="dimmed">Main-d’œuvre</Text>}
          {costs.labor.map((l) => (
            <Line key={l.id} label={l.person.displayName} amount={l.totalCents}
              detail={l.hourlyRateCents === null ? formatMinutes(l.minutes) : `${formatMinutes(l.minutes)} à ${formatCents(l.hourlyRateCents)} / h`} />
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

function Line({ label, detail, amount, strong }: { label: string; detail?: string; amount: number | null; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={strong ? 700 : undefined}>{label}</Text>
        {detail && <Text size="xs" c="dimmed">{detail}</Text>}
      </div>
      <Text size="sm" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>{formatAmount(amount)}</Text>
    </Group>
  )
}
