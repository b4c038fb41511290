import { ActionIcon, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconPencil, IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { QueryState } from '@/components/query-state'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { useMe } from '@/lib/auth/use-me'
import { usePartners, useUpdatePartner } from '../api/partners'
import { ActiveBadge } from '../components/active-badge'
import { AdminTable } from '../components/admin-table'
import { PartnerFormModal } from '../components/partners/partner-form-modal'
import { SectionGuard } from '../components/section-guard'
import { RecordCard } from '../components/record-card'
import { ToggleActiveButton } from '../components/toggle-active-button'
import { partnerKindLabel } from '../labels'

type Partner = Schemas['Partner']

export function Component() {
  return <SectionGuard path={paths.adminPartners}><Partners /></SectionGuard>
}

function Partners() {
  const { can } = useMe()
  const query = usePartners()
  const toggle = useUpdatePartner()
  const [kind, setKind] = useState<'ALL' | Partner['kind']>('ALL')
  const [editing, setEditing] = useState<Partner | 'new' | null>(null)
  const canEdit = can('PURCHASE_ORDERS', 'edit')

  const setActive = (p: Partner) => toggle.mutate({ params: { path: { id: p.id } }, body: { isActive: !p.isActive } }, {
    onSuccess: (r) => notifications.show({ color: 'green', message: `« ${r.name} » ${r.isActive ? 'réactivé' : 'désactivé'}.` }),
  })

  const actions = (p: Partner) => (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <ActionIcon variant="subtle" size="lg" aria-label={`Modifier ${p.name}`} onClick={() => setEditing(p)}><IconPencil size={18} /></ActionIcon>
      <ToggleActiveButton active={p.isActive} name={p.name} onToggle={() => setActive(p)} />
    </Group>
  )

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <SegmentedControl value={kind} onChange={(v) => setKind(v as typeof kind)} aria-label="Type de partenaire" w={{ base: '100%', xs: 'auto' }}
          data={[{ value: 'ALL', label: 'Tous' }, { value: 'SUPPLIER', label: 'Fournisseurs' }, { value: 'CLIENT', label: 'Gestionnaires' }]} />
        {can('PURCHASE_ORDERS', 'create') && <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>Nouveau partenaire</Button>}
      </Group>
      <QueryState query={query}>{(data) => {
        const rows = data.partners.filter((p) => kind === 'ALL' || p.kind === kind)
        if (rows.length === 0) return <EmptyState title="Aucun partenaire">Ajoutez vos fournisseurs de pièces et les gestionnaires des immeubles.</EmptyState>
        return (
          <AdminTable<Partner> records={rows} label="Partenaires" card={(p) => (
            <RecordCard title={p.name} badge={<ActiveBadge active={p.isActive} />}
              details={[partnerKindLabel[p.kind], p.contactName, p.email, p.phone].filter(Boolean).join(' · ')}
              actions={canEdit && actions(p)} />
          )} columns={[
            { accessor: 'name', title: 'Nom', render: (p) => <Text size="sm" fw={600} c={p.isActive ? undefined : 'dimmed'}>{p.name}</Text> },
            { accessor: 'kind', title: 'Type', width: 220, render: (p) => <Badge variant="default">{partnerKindLabel[p.kind]}</Badge> },
            { accessor: 'contactName', title: 'Contact', render: (p) => (
              <Stack gap={0}>
                <Text size="sm">{p.contactName ?? '—'}</Text>
                {(p.email || p.phone) && <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{[p.email, p.phone].filter(Boolean).join(' · ')}</Text>}
              </Stack>
            ) },
            { accessor: 'isActive', title: 'État', width: 110, render: (p) => <ActiveBadge active={p.isActive} /> },
            ...(canEdit ? [{
              accessor: 'actions', title: 'Actions', textAlign: 'right' as const, render: (p: Partner) => actions(p),
            }] : []),
          ]} />
        )
      }}</QueryState>
      <PartnerFormModal opened={editing !== null} partner={editing === 'new' || editing === null ? undefined : editing} onClose={() => setEditing(null)} />
    </Stack>
  )
}
