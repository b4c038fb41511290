import { Avatar, Button, Card, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core'
import { IconSearch, IconUserPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { QueryState } from '@/components/query-state'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { useMe } from '@/lib/auth/use-me'
import { formatCents } from '@/lib/money'
import { useUsers } from '../api/users'
import { AdminTable } from '../components/admin-table'
import { SectionGuard } from '../components/section-guard'
import { ActivationLink, type IssuedLink } from '../components/users/activation-link'
import { EditUserModal } from '../components/users/edit-user-modal'
import { InviteModal } from '../components/users/invite-modal'
import { UserActions } from '../components/users/user-actions'
import { UserStatusBadge } from '../components/users/user-status-badge'
import { userStatusLabel } from '../labels'

type User = Schemas['UserAdmin']

export function Component() {
  return <SectionGuard path={paths.adminUsers}><Users /></SectionGuard>
}

function Users() {
  const { can } = useMe()
  const query = useUsers()
  // The global search leads here with ?q= (a person found by name).
  const [search, setSearch] = useState(() => new URLSearchParams(location.search).get('q') ?? '')
  const [status, setStatus] = useState<string | null>(null)
  const [inviting, setInviting] = useState(false)
  const [editing, setEditing] = useState<User | null>(null)
  const [link, setLink] = useState<IssuedLink | null>(null)

  const matches = (u: User) => {
    const q = search.trim().toLocaleLowerCase('fr')
    return (!status || u.status === status) && (!q || `${u.displayName} ${u.email} ${u.role.name}`.toLocaleLowerCase('fr').includes(q))
  }
  const actions = { onEdit: setEditing, onInvitation: setLink }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end">
          <TextInput label="Rechercher" placeholder="Nom, e-mail ou rôle" leftSection={<IconSearch size={16} />} value={search}
            onChange={(e) => setSearch(e.currentTarget.value)} w={{ base: '100%', xs: 260 }} />
          <Select label="Statut" placeholder="Tous" clearable value={status} onChange={setStatus} w={{ base: '100%', xs: 160 }}
            data={Object.entries(userStatusLabel).map(([value, label]) => ({ value, label }))} comboboxProps={{ withinPortal: true }} />
        </Group>
        {can('PEOPLE_TEAMS', 'create') && (
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>Inviter une personne</Button>
        )}
      </Group>
      <QueryState query={query}>{(data) => {
        const rows = data.users.filter(matches)
        if (data.users.length === 0) return <EmptyState title="Personne pour l’instant">Invitez la première personne.</EmptyState>
        if (rows.length === 0) return <EmptyState title="Aucune personne ne correspond">Modifiez la recherche ou le statut.</EmptyState>
        return (
          <AdminTable<User> records={rows} label="Utilisateurs" card={(u) => <UserCard user={u} {...actions} />} columns={[
            { accessor: 'displayName', title: 'Personne', render: (u) => <Person user={u} /> },
            { accessor: 'role', title: 'Rôle', noWrap: true, render: (u) => u.role.name },
            { accessor: 'status', title: 'Statut', width: 110, render: (u) => <UserStatusBadge status={u.status} /> },
            { accessor: 'teams', title: 'Équipes', render: (u) => u.teams.map((t) => t.name).join(', ') || '—' },
            { accessor: 'sites', title: 'Sites', render: (u) => u.sites.map((s) => s.name).join(', ') || 'Tous' },
            { accessor: 'hourlyRateCents', title: 'Taux horaire', textAlign: 'right', render: (u) => (u.hourlyRateCents === null ? '—' : formatCents(u.hourlyRateCents)) },
            { accessor: 'actions', title: 'Actions', textAlign: 'right', render: (u) => <UserActions user={u} {...actions} /> },
          ]} />
        )
      }}</QueryState>
      <InviteModal opened={inviting} onClose={() => setInviting(false)} />
      <EditUserModal user={editing} onClose={() => setEditing(null)} />
      <Modal opened={link !== null} onClose={() => setLink(null)} title={link?.reset ? 'Mot de passe réinitialisé' : 'Nouveau lien d’activation'} size="lg" centered closeButtonProps={{ 'aria-label': 'Fermer' }}>
        {link && <ActivationLink invitation={link} onClose={() => setLink(null)} />}
      </Modal>
    </Stack>
  )
}

function Person({ user }: { user: User }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar color="blue" radius="xl" size="md">{user.initials}</Avatar>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>{user.displayName}</Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }} miw={{ sm: 200 }}>{user.email}</Text>
      </div>
    </Group>
  )
}

function UserCard({ user, ...actions }: { user: User; onEdit: (u: User) => void; onInvitation: (i: IssuedLink) => void }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Person user={user} />
        <UserActions user={user} {...actions} />
      </Group>
      <Group gap="xs" mt="xs">
        <Text size="sm">{user.role.name}</Text>
        <UserStatusBadge status={user.status} />
        {user.hourlyRateCents !== null && <Text size="sm" c="dimmed">{formatCents(user.hourlyRateCents)} / h</Text>}
      </Group>
      {(user.teams.length > 0 || user.sites.length > 0) && (
        <Text size="xs" c="dimmed" mt={4}>
          {[user.teams.map((t) => t.name).join(', '), user.sites.length ? `Sites : ${user.sites.map((s) => s.name).join(', ')}` : ''].filter(Boolean).join(' · ')}
        </Text>
      )}
    </Card>
  )
}
