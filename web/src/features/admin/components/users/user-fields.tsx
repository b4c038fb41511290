import { MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { useLocations } from '@/features/locations'
import { useMe } from '@/lib/auth/use-me'
import { useTeams } from '../../api/teams'
import { useRoles } from '../../api/users'
import { MAX_RATE_EUROS, type UserFormValues } from './user-form'
import { DecimalInput } from '@/components/decimal-input'

/** The fields of a person. The role list is the API's: a role the caller may not hand out is
 * refused by the API (403) with its reason, shown as a notification. */
export function UserFields({ form, mode, self }: { form: UseFormReturnType<UserFormValues>; mode: 'invite' | 'edit'; self?: boolean }) {
  const { can } = useMe()
  const roles = useRoles()
  const teams = useTeams()
  const canListSites = can('LOCATIONS', 'view')
  const locations = useLocations(canListSites)
  const sites = (locations.data?.locations ?? []).filter((l) => l.parentId === null)
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Nom complet" required maxLength={120} data-autofocus {...form.getInputProps('displayName')} />
        <TextInput label="Adresse e-mail" type="email" required={mode === 'invite'} disabled={mode === 'edit'} autoComplete="off"
          description={mode === 'edit' ? 'L’adresse ne se modifie pas.' : undefined} {...form.getInputProps('email')} />
        <Select label="Rôle" required data={(roles.data?.roles ?? []).map((r) => ({ value: r.id, label: r.name }))}
          disabled={self} description={self ? 'Vous ne pouvez pas changer votre propre rôle.' : undefined}
          placeholder={roles.isPending ? 'Chargement…' : 'Choisir un rôle'} allowDeselect={false}
          comboboxProps={{ withinPortal: true }} {...form.getInputProps('roleId')} />
        <TextInput label="Téléphone" maxLength={40} autoComplete="off" {...form.getInputProps('phone')} />
        <DecimalInput label="Taux horaire" description="En euros, figé sur chaque saisie de temps" suffix=" €" min={0} max={MAX_RATE_EUROS}
          decimalScale={2} fixedDecimalScale decimalSeparator="," thousandSeparator=" " allowNegative={false} hideControls {...form.getInputProps('hourlyRate')} />
      </SimpleGrid>
      <MultiSelect label="Équipes" data={(teams.data?.teams ?? []).map((t) => ({ value: t.id, label: t.name }))} searchable clearable
        placeholder={form.values.teamIds.length ? undefined : 'Aucune équipe'} nothingFoundMessage="Aucune équipe trouvée" comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('teamIds')} />
      {canListSites && (
        <MultiSelect label="Sites" description="Sans site, la personne n’est pas limitée à certains sites." searchable clearable
          data={sites.map((s) => ({ value: s.id, label: s.city ? `${s.name} (${s.city})` : s.name }))}
          placeholder={form.values.siteIds.length ? undefined : 'Tous les sites'} nothingFoundMessage="Aucun site trouvé" comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('siteIds')} />
      )}
    </Stack>
  )
}
