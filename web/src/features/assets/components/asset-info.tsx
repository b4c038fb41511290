import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Schemas } from '@/lib/api/client'
import { links } from '../lib/links'
import { formatDate, formatNumber } from '../lib/format'

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Text size="sm" component="div">{children ?? '—'}</Text>
    </div>
  )
}

export function AssetInfo({ asset, partnerName }: { asset: Schemas['AssetDetail']; partnerName: string | null | undefined }) {
  const phone = asset.guardianPhone?.replace(/\s+/g, '')
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder radius="md" component="section" aria-labelledby="asset-identity">
        <Title order={2} fz="lg" mb="sm" id="asset-identity">Identification</Title>
        <SimpleGrid cols={2} spacing="sm">
          <Field label="Catégorie">{asset.categoryName}</Field>
          <Field label="Marque et modèle">{[asset.brand, asset.model].filter(Boolean).join(' ')}</Field>
          <Field label="N° de série">{asset.serialNumber}</Field>
          <Field label="Mise en service">{formatDate(asset.commissionedAt)}</Field>
          <Field label="Charge">{asset.loadKg ? `${formatNumber(asset.loadKg)} kg` : null}</Field>
          <Field label="Niveaux">{asset.floors}</Field>
          <Field label="Contrat">{asset.underContract ? 'Sous contrat de maintenance' : 'Hors contrat'}</Field>
          <Field label="Statut depuis">{asset.statusChangedAt ? formatDate(asset.statusChangedAt) : 'Sa mise en service'}</Field>
        </SimpleGrid>
        {asset.notes && <Stack gap={2} mt="sm"><Field label="Notes">{asset.notes}</Field></Stack>}
      </Card>
      <Card withBorder radius="md" component="section" aria-labelledby="asset-location">
        <Title order={2} fz="lg" mb="sm" id="asset-location">Emplacement</Title>
        <SimpleGrid cols={2} spacing="sm">
          <Field label="Site">
            <Anchor component={Link} to={links.assets({ siteId: asset.siteId })} size="sm">{asset.siteName}</Anchor>
          </Field>
          <Field label="Zone">{asset.locationId !== asset.siteId ? asset.locationName : 'Le site lui-même'}</Field>
          <Field label="Adresse">{[asset.address, asset.city].filter(Boolean).join(', ') || null}</Field>
          <Field label="Gestionnaire">{partnerName}</Field>
          <Field label="Gardien">{asset.guardianName}</Field>
          <Field label="Téléphone">{phone ? <Anchor href={`tel:${phone}`} size="sm">{asset.guardianPhone}</Anchor> : null}</Field>
        </SimpleGrid>
      </Card>
    </SimpleGrid>
  )
}
