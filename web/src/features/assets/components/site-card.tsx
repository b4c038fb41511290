import { ActionIcon, Anchor, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core'
import { IconFileAnalytics, IconMapPin, IconPencil, IconPhone, IconPlus, IconUser } from '@tabler/icons-react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import type { Location, LocationTarget, SiteNode } from '@/features/locations'
import { plural } from '../lib/format'
import { links } from '../lib/links'
import { de } from '@/lib/french'

function AssetCount({ location, site }: { location: Location; site: boolean }) {
  const label = plural(location.assetCount, 'équipement', 'équipements')
  if (location.assetCount === 0) return <Text size="sm" c="dimmed">{label}</Text>
  return (
    <Anchor component={Link} size="sm" to={links.assets(site ? { siteId: location.id } : { locationId: location.id })}
      aria-label={`${label} — ${location.name}`} style={{ whiteSpace: 'nowrap' }}>{label}</Anchor>
  )
}

export function SiteCard({ node, canCreate, canEdit, onEdit }: {
  node: SiteNode; canCreate: boolean; canEdit: boolean; onEdit: (t: LocationTarget) => void
}) {
  const { site, zones } = node
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={`site-${site.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} fz="lg" id={`site-${site.id}`}>{site.name}</Title>
          {(site.address || site.city) && (
            <Group gap={4} wrap="nowrap"><IconMapPin size={14} aria-hidden /><Text size="sm" c="dimmed">{[site.address, site.city].filter(Boolean).join(', ')}</Text></Group>
          )}
        </Stack>
        {canEdit && (
          <Tooltip label="Modifier le site">
            <ActionIcon variant="subtle" size={44} aria-label={`Modifier le site ${site.name}`} onClick={() => onEdit({ kind: 'edit', location: site })}>
              <IconPencil size={20} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Group gap="md" mt="xs" wrap="wrap">
        <AssetCount location={site} site />
        <Anchor component={Link} size="sm" to={paths.siteAnnualReport(site.id)} aria-label={`Rapport annuel — ${site.name}`}>
          <Group gap={4} wrap="nowrap" component="span"><IconFileAnalytics size={14} aria-hidden />Rapport annuel</Group>
        </Anchor>
        {site.partnerName && <Badge variant="outline" color="gray.8">{site.partnerName}</Badge>}
        {site.guardianName && (
          <Group gap={4} wrap="nowrap">
            <IconUser size={14} aria-hidden />
            <Text size="sm">{site.guardianName}</Text>
            {site.guardianPhone && (
              <Anchor href={`tel:${site.guardianPhone.replace(/\s+/g, '')}`} size="sm"><Group gap={2} wrap="nowrap" component="span"><IconPhone size={14} aria-hidden />{site.guardianPhone}</Group></Anchor>
            )}
          </Group>
        )}
      </Group>
      <Stack gap={0} mt="sm" component="ul" aria-label={`Zones ${de(site.name)}`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {zones.length === 0 && <Text component="li" size="sm" c="dimmed" py={6}>Aucune zone : les équipements sont rattachés au site.</Text>}
        {zones.map((zone) => (
          <Group component="li" key={zone.id} justify="space-between" wrap="nowrap" gap="xs" py={4} pl="sm"
            style={{ borderLeft: '2px solid var(--mantine-color-gray-3)', minHeight: 44 }}>
            <Text size="sm" fw={500} style={{ minWidth: 0 }} truncate>{zone.name}</Text>
            <Group gap="xs" wrap="nowrap">
              <AssetCount location={zone} site={false} />
              {canEdit && (
                <ActionIcon variant="subtle" size={44} aria-label={`Modifier la zone ${zone.name}`} onClick={() => onEdit({ kind: 'edit', location: zone })}>
                  <IconPencil size={18} />
                </ActionIcon>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
      {canCreate && (
        <Group mt="xs">
          <Button variant="subtle" size="sm" leftSection={<IconPlus size={16} />} onClick={() => onEdit({ kind: 'zone', site })}
            aria-label={`Ajouter une zone à ${site.name}`} mih={44}>Ajouter une zone</Button>
        </Group>
      )}
    </Card>
  )
}
