import { Alert, Anchor, Button, Group, Select, Stack, Text } from '@mantine/core'
import { IconPrinter } from '@tabler/icons-react'
import { useMemo, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '@/components/empty-state'
import { PageHeader } from '@/components/page-header'
import { QueryState } from '@/components/query-state'
import { paths } from '@/config/paths'
import { siteTree, useLocations } from '@/features/locations'
import { useMe } from '@/lib/auth/use-me'
import { publicUrl } from '@/lib/public-url'
import { SHEET_MAX, useAsset, useSiteAssets } from '../api/assets'
import { LabelSheet } from '../components/qr-label'
import { assetLabel, siteLabels, type LabelData } from '../lib/label-data'
import { plural } from '../lib/format'
import { links } from '../lib/links'

/** `?site=<id>`: every asset of the site; `?equipement=<id>`: one asset's label. */
export function Component() {
  const [params, setParams] = useSearchParams()
  const assetId = params.get('equipement')
  const siteId = assetId ? null : params.get('site')
  const { can } = useMe()
  const locations = useLocations(can('LOCATIONS'))
  const tree = useMemo(() => siteTree(locations.data?.locations ?? []), [locations.data])

  return (
    <>
      <div data-print-hide>
        <PageHeader title="Étiquettes QR" description="À coller dans la cabine : scanné, le code ouvre la page où signaler une panne, sans compte."
          actions={<Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()} disabled={!assetId && !siteId}>Imprimer</Button>} />
        <Group align="flex-end" mb="md" gap="sm">
          <Select label="Site" placeholder="Choisissez un site" searchable nothingFoundMessage="Aucun site" w={{ base: '100%', xs: 360 }}
            data={tree.map((n) => ({ value: n.site.id, label: `${n.site.name} (${plural(n.site.assetCount, 'équipement', 'équipements')})` }))}
            value={siteId} onChange={(v) => setParams(v ? { site: v } : {}, { replace: true })} allowDeselect={false} />
        </Group>
      </div>
      {assetId ? <AssetSheet id={assetId} /> : siteId ? <SiteSheet siteId={siteId} /> : (
        <EmptyState title="Choisissez un site">Toutes ses étiquettes tiennent sur des planches A4, huit par page.</EmptyState>
      )}
    </>
  )
}

function SheetFrame({ labels, note }: { labels: LabelData[]; note?: ReactNode }) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-print-hide>
        {plural(labels.length, 'étiquette', 'étiquettes')} · format A4, huit par page. Vérifiez qu’un code scanné ouvre bien la page de l’ascenseur avant de coller.{note}
      </Text>
      <LabelSheet labels={labels} />
    </Stack>
  )
}

function AssetSheet({ id }: { id: string }) {
  const query = useAsset(id)
  return (
    <QueryState query={query}>
      {(asset) => (
        <SheetFrame labels={[assetLabel(asset, publicUrl())]}
          note={<> <Anchor component={Link} to={paths.asset(asset.id)} size="sm">Retour à {asset.reference}</Anchor> · <Anchor component={Link} to={links.siteLabels(asset.siteId)} size="sm">Tout le site</Anchor></>} />
      )}
    </QueryState>
  )
}

function SiteSheet({ siteId }: { siteId: string }) {
  const query = useSiteAssets(siteId)
  const { can } = useMe()
  const locations = useLocations(can('LOCATIONS'))
  return (
    <QueryState query={query}>
      {(assets) => {
        if (assets.length === 0) return <EmptyState title="Aucun équipement sur ce site">Ajoutez-en depuis la page Équipements.</EmptyState>
        return (
          <>
            {assets.length >= SHEET_MAX && <Alert color="yellow" mb="sm" data-print-hide>Seuls les {SHEET_MAX} premiers équipements sont affichés.</Alert>}
            <SheetFrame labels={siteLabels(assets, locations.data?.locations ?? [], publicUrl())} />
          </>
        )
      }}
    </QueryState>
  )
}
