import { Avatar, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { IconPencil, IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { QueryState } from '@/components/query-state'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { useMe } from '@/lib/auth/use-me'
import { useTeams } from '../api/teams'
import { SectionGuard } from '../components/section-guard'
import { TeamFormModal } from '../components/teams/team-form-modal'
import { userStatusLabel } from '../labels'

type Team = Schemas['Team']

export function Component() {
  return <SectionGuard path={paths.adminTeams}><Teams /></SectionGuard>
}

function Teams() {
  const { can } = useMe()
  const query = useTeams()
  const [editing, setEditing] = useState<Team | 'new' | null>(null)
  return (
    <Stack gap="md">
      {can('PEOPLE_TEAMS', 'create') && (
        <Group justify="flex-end"><Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>Nouvelle équipe</Button></Group>
      )}
      <QueryState query={query}>{(data) => data.teams.length === 0
        ? <EmptyState title="Aucune équipe">Regroupez les techniciens par secteur ou par astreinte.</EmptyState>
        : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {data.teams.map((t) => <TeamCard key={t.id} team={t} onEdit={can('PEOPLE_TEAMS', 'edit') ? () => setEditing(t) : undefined} />)}
          </SimpleGrid>
        )}
      </QueryState>
      <TeamFormModal opened={editing !== null} team={editing === 'new' || editing === null ? undefined : editing} onClose={() => setEditing(null)} />
    </Stack>
  )
}

function TeamCard({ team, onEdit }: { team: Team; onEdit?: () => void }) {
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={team.name}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} fz="md">{team.name}</Title>
          <Badge variant="light" color="blue">{team.memberCount} {team.memberCount > 1 ? 'membres' : 'membre'}</Badge>
        </Group>
        {team.description && <Text size="sm" c="dimmed">{team.description}</Text>}
        {team.members.length === 0 ? <Text size="sm" c="dimmed">Aucun membre.</Text> : (
          <Stack gap={6}>
            {team.members.map((m) => (
              <Group key={m.id} gap="xs" wrap="nowrap">
                <Avatar size="sm" radius="xl" color={m.status === 'active' ? 'blue' : 'gray'}>{m.initials}</Avatar>
                <Text size="sm">{m.displayName}</Text>
                <Text size="xs" c="dimmed">{m.roleName}</Text>
                {m.status !== 'active' && <Badge size="xs" variant="light" color="gray">{userStatusLabel[m.status]}</Badge>}
              </Group>
            ))}
          </Stack>
        )}
        {onEdit && (
          <Group justify="flex-end" mt="auto">
            <Button variant="light" size="sm" leftSection={<IconPencil size={16} />} onClick={onEdit} aria-label={`Modifier l’équipe ${team.name}`}>Modifier</Button>
          </Group>
        )}
      </Stack>
    </Card>
  )
}
