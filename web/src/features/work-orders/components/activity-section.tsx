import { Button, Text, Timeline } from '@mantine/core'
import { useState } from 'react'
import { SectionCard } from '@/components/section-card'
import type { Schemas } from '@/lib/api/client'
import { timelineOf } from '../lib/timeline'

const FIRST = 8

/** The activity log, newest first; the older part on demand (a grid's log is long). */
export function ActivitySection({ order }: { order: Schemas['WorkOrderDetail'] }) {
  const [all, setAll] = useState(false)
  const entries = timelineOf(order)
  const shown = all ? entries : entries.slice(0, FIRST)
  return (
    <SectionCard id="activity" title="Historique">
      <Timeline bulletSize={14} lineWidth={2} color="blue">
        {shown.map((e) => (
          <Timeline.Item key={e.id} title={<Text size="sm" fw={600}>{e.title}</Text>}>
            {e.details.map((d, i) => <Text key={i} size="sm" style={{ overflowWrap: 'anywhere' }}>{d}</Text>)}
            <Text size="xs" c="dimmed">{e.actor} · {e.when}</Text>
          </Timeline.Item>
        ))}
      </Timeline>
      {entries.length > FIRST && (
        <Button variant="subtle" size="sm" mt="sm" onClick={() => setAll(!all)}>
          {all ? 'Afficher les derniers seulement' : `Afficher tout l’historique (${entries.length})`}
        </Button>
      )}
    </SectionCard>
  )
}
