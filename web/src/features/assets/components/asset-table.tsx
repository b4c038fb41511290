import { Anchor, Text } from '@mantine/core'
import { DataTable } from 'mantine-datatable'
import { Link, useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { AssetStatusBadge } from './asset-status-badge'

type Asset = Schemas['Asset']

/** Desktop: one row per asset; the reference is the link (keyboard), the row a shortcut. */
export function AssetTable({ assets, fetching }: { assets: Asset[]; fetching: boolean }) {
  const navigate = useNavigate()
  return (
    <DataTable<Asset>
      withTableBorder borderRadius="md" highlightOnHover verticalAlign="top" minHeight={assets.length ? undefined : 160}
      records={assets} idAccessor="id" fetching={fetching} loaderBackgroundBlur={1}
      noRecordsText="Aucun équipement ne correspond." onRowClick={({ record }) => navigate(paths.asset(record.id))}
      columns={[
        {
          accessor: 'reference', title: 'Référence', noWrap: true,
          render: (a) => <Anchor component={Link} to={paths.asset(a.id)} fw={600} onClick={(e) => e.stopPropagation()}>{a.reference}</Anchor>,
        },
        { accessor: 'brand', title: 'Marque et modèle', render: (a) => [a.brand, a.model].filter(Boolean).join(' ') },
        { accessor: 'categoryName', title: 'Catégorie' },
        {
          accessor: 'siteName', title: 'Emplacement',
          render: (a) => (
            <>
              <Text size="sm">{a.siteName}</Text>
              {a.locationName !== a.siteName && <Text size="xs" c="dimmed">{a.locationName}</Text>}
            </>
          ),
        },
        { accessor: 'status', title: 'Statut', noWrap: true, render: (a) => <AssetStatusBadge status={a.status} /> },
        { accessor: 'componentCount', title: 'Composants', textAlign: 'right' },
      ]}
    />
  )
}
