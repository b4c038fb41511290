import { Anchor, Breadcrumbs, Button, Group, Stack } from '@mantine/core'
import { IconBook, IconMessageQuestion, IconPrinter } from '@tabler/icons-react'
import { Link, useParams } from 'react-router'
import { DocumentsSection } from '@/components/documents/documents-section'
import { PageHeader } from '@/components/page-header'
import { QueryState } from '@/components/query-state'
import { paths } from '@/config/paths'
import { useLocations } from '@/features/locations'
import { useMe } from '@/lib/auth/use-me'
import { useAsset } from '../api/assets'
import { AssetInfo } from '../components/asset-info'
import { AssetStatusBadge } from '../components/asset-status-badge'
import { AssetWorkOrders } from '../components/asset-work-orders'
import { ComponentsSection } from '../components/components-section'
import { MetersSection } from '../components/meters-section'
import { StatusMenu } from '../components/status-menu'
import { VisitCard } from '../components/visit-card'
import { InspectionCard } from '../components/inspection-card'
import { PeriodicOperationsCard } from '../components/periodic-operations-card'
import { links } from '../lib/links'

export function Component() {
  const { id = '' } = useParams()
  const { can } = useMe()
  const query = useAsset(id)
  // The site's property manager lives on the site (listLocations), not on the asset.
  const locations = useLocations(can('LOCATIONS'))
  const canEdit = can('ASSETS', 'edit')
  // The assistant answers whoever may read work orders (askAssistant: WORK_ORDERS view).
  const canAsk = can('WORK_ORDERS')

  return (
    <QueryState query={query} notFound="Ascenseur introuvable">
      {(asset) => {
        const partner = locations.data?.locations.find((l) => l.id === asset.siteId)?.partnerName
        return (
          <Stack gap="md">
            <Breadcrumbs separator="›">
              <Anchor component={Link} to={paths.assets} size="sm">Équipements</Anchor>
              <Anchor component={Link} to={links.assets({ siteId: asset.siteId })} size="sm">{asset.siteName}</Anchor>
            </Breadcrumbs>
            <PageHeader
              title={<Group gap="sm" component="span">{asset.reference}<AssetStatusBadge status={asset.status} /></Group>}
              description={`${[asset.brand, asset.model].filter(Boolean).join(' ')} · ${asset.categoryName}`}
              actions={(
                <>
                  <Button variant="default" component={Link} to={paths.assetLogbook(asset.id)} leftSection={<IconBook size={18} />}>Carnet d’entretien</Button>
                  {canAsk && (
                    <Button variant="light" component={Link} to={paths.assistantAbout(asset.id)} leftSection={<IconMessageQuestion size={18} />}>
                      Demander à l’assistant
                    </Button>
                  )}
                  {canEdit && (
                    <>
                      <StatusMenu assetId={asset.id} status={asset.status} />
                      <Button variant="default" component={Link} to={links.assetLabel(asset.id)} leftSection={<IconPrinter size={18} />}>Imprimer l’étiquette</Button>
                    </>
                  )}
                </>
              )}
            />
            <VisitCard asset={asset} />
            <InspectionCard asset={asset} canEdit={canEdit} canCreateOrder={can('WORK_ORDERS', 'create')} />
            <AssetInfo asset={asset} partnerName={partner} />
            <PeriodicOperationsCard operations={asset.periodicOperations} />
            <ComponentsSection asset={asset} canEdit={canEdit} />
            <DocumentsSection target={{ assetId: asset.id }} canEdit={canEdit} />
            {can('METERS') && <MetersSection assetId={asset.id} canAdd={can('METERS', 'create')} />}
            {can('WORK_ORDERS') && <AssetWorkOrders assetId={asset.id} />}
          </Stack>
        )
      }}
    </QueryState>
  )
}
