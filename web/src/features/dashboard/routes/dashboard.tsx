import { Text } from '@mantine/core'
import { PageHeader } from '@/components/page-header'
import { useMe } from '@/lib/auth/use-me'

export function Component() {
  const { me } = useMe()
  return (
    <>
      <PageHeader title="Tableau de bord" description={`Bonjour ${me?.displayName ?? ''}`} />
      <Text c="dimmed">{me?.role.name}</Text>
    </>
  )
}
