// The results as a listbox: one group per family under its French heading, each option with
// its reference or name, a secondary line and its status. Spotlight moves the selection over
// the [data-action] elements in document order, which is the order of `items` here.
import { Group, Text } from '@mantine/core'
import { Spotlight } from '@mantine/spotlight'
import { IconBuilding, IconClipboardList, IconElevator, IconPackage, IconUser } from '@tabler/icons-react'
import { AssetStatusBadge, WorkOrderStatusBadge } from '@/components/status-badges'
import type { Family, SearchGroup, SearchItem } from '../lib/results'
import classes from './search.module.css'

const ICONS: Record<Family, typeof IconBuilding> = { workOrders: IconClipboardList, assets: IconElevator, sites: IconBuilding, parts: IconPackage, people: IconUser }

interface Props {
  listId: string
  optionId: (index: number) => string
  groups: SearchGroup[]
  selected: number
  onChoose: (item: SearchItem) => void
}

export function SearchResults({ listId, optionId, groups, selected, onChoose }: Props) {
  let index = 0
  return (
    <div role="listbox" id={listId} aria-label="Résultats de la recherche" hidden={groups.length === 0}>
      {groups.map((group) => {
        const headingId = `${listId}-${group.family}`
        const Icon = ICONS[group.family]
        return (
          <div key={group.family} role="group" aria-labelledby={headingId}>
            <div id={headingId} className={classes.groupTitle}>
              {group.title}
            </div>
            {group.items.map((item) => {
              const i = index++
              return (
                <Spotlight.Action key={item.id} role="option" aria-selected={i === selected} onClick={() => onChoose(item)}
                  // Spotlight.Action keeps its `id` prop for itself: set on the element for aria-activedescendant.
                  ref={(el) => { el?.setAttribute('id', optionId(i)) }}>
                  {/* The status beside the reference, the secondary line under both at full width
                      (a badge on the right would squeeze it to a few words on a phone); spans, inside a button. */}
                  <Group component="span" gap="sm" wrap="nowrap" align="flex-start" w="100%">
                    <Icon size={20} stroke={1.6} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                    <span style={{ flex: 1, minWidth: 0 }}>
                      <Group component="span" gap="xs" justify="space-between" wrap="nowrap">
                        <Text component="span" display="block" fw={600} truncate>{item.label}</Text>
                        <Status item={item} />
                      </Group>
                      {item.description && <Text component="span" size="xs" c="dimmed" className={classes.description}>{item.description}</Text>}
                    </span>
                  </Group>
                </Spotlight.Action>
              )
            })}
          </div>
        )
      })}
    </div>
  )
}

function Status({ item }: { item: SearchItem }) {
  if (item.family === 'workOrders') return <WorkOrderStatusBadge status={item.hit.status} />
  if (item.family === 'assets') return <AssetStatusBadge status={item.hit.status} />
  return null
}
