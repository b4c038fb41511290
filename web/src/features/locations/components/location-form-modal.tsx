// The site or zone form, for the sites page (features/assets) and Administration › Lieux alike:
// a new site, a new zone of a site, or an existing location of either kind.
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { ApiError } from '@/lib/api/errors'
import { useMe } from '@/lib/auth/use-me'
import { useClientPartners, useCreateLocation, useUpdateLocation } from '../api/locations'
import { createBody, locationValues, updateBody, type LocationValues } from '../lib/location-payload'
import type { Location, SiteNode } from '../lib/location-tree'
import { DecimalInput } from '@/components/decimal-input'

/** What the modal edits: a new site, a new zone of a site, or an existing location. */
export type LocationTarget = { kind: 'site' } | { kind: 'zone'; site: Location } | { kind: 'edit'; location: Location }

export function LocationFormModal({ target, tree, onClose }: { target: LocationTarget | null; tree: SiteNode[]; onClose: () => void }) {
  const title = !target ? '' : target.kind === 'site' ? 'Nouveau site' : target.kind === 'zone' ? `Nouvelle zone — ${target.site.name}` : `Modifier « ${target.location.name} »`
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }}>
      {target && <LocationForm key={target.kind === 'edit' ? target.location.id : target.kind} target={target} tree={tree} onDone={onClose} />}
    </Modal>
  )
}

function LocationForm({ target, tree, onDone }: { target: LocationTarget; tree: SiteNode[]; onDone: () => void }) {
  const { can } = useMe()
  const editing = target.kind === 'edit' ? target.location : undefined
  const isZone = target.kind === 'zone' || (editing?.parentId ?? null) !== null
  // The partner (property manager) belongs to the site; listing partners needs its own right.
  const withPartner = !isZone && can('PURCHASE_ORDERS', 'view')
  const partners = useClientPartners(withPartner)
  const create = useCreateLocation()
  const update = useUpdateLocation()
  const form = useForm<LocationValues>({
    initialValues: locationValues(editing, target.kind === 'zone' ? target.site.id : null),
    validate: { name: (v) => (v.trim() ? null : 'Saisissez un nom.') },
  })

  const onError = (e: unknown) => { if (e instanceof ApiError) form.setErrors(e.fieldErrors()) }
  const submit = form.onSubmit((values) => {
    const done = (message: string) => () => { notifications.show({ color: 'green', message }); onDone() }
    if (editing) {
      update.mutate({ params: { path: { id: editing.id } }, body: updateBody(values, withPartner) }, { onSuccess: done('Modifications enregistrées.'), onError })
    } else {
      create.mutate({ body: createBody(values, withPartner) }, { onSuccess: done(isZone ? 'Zone créée.' : 'Site créé.'), onError })
    }
  })

  // A zone may move to another site; a site stays a site here (the API refuses most moves).
  const siteChoices = tree.filter((n) => n.site.id !== editing?.id).map((n) => ({ value: n.site.id, label: n.site.name }))
  const partnerChoices = (partners.data?.partners ?? []).map((p) => ({ value: p.id, label: p.name }))
  if (editing?.partnerId && !partnerChoices.some((p) => p.value === editing.partnerId)) {
    partnerChoices.push({ value: editing.partnerId, label: editing.partnerName ?? 'Gestionnaire actuel' })
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label={isZone ? 'Nom de la zone' : 'Nom du site'} required maxLength={120} data-autofocus {...form.getInputProps('name')} />
        {editing && isZone && (
          <Select label="Site" data={siteChoices} allowDeselect={false} searchable nothingFoundMessage="Aucun site" {...form.getInputProps('parentId')} />
        )}
        {isZone && <Text size="sm" c="dimmed">Laissez l’adresse et le gardien vides pour reprendre ceux du site.</Text>}
        <TextInput label="Adresse" maxLength={200} autoComplete="street-address" {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Ville" maxLength={80} autoComplete="address-level2" {...form.getInputProps('city')} />
          {withPartner && (
            <Select label="Gestionnaire (client)" data={partnerChoices} clearable searchable placeholder="Aucun"
              nothingFoundMessage="Aucun client" {...form.getInputProps('partnerId')} />
          )}
          <TextInput label="Gardien" maxLength={120} {...form.getInputProps('guardianName')} />
          <TextInput label="Téléphone du gardien" type="tel" maxLength={40} {...form.getInputProps('guardianPhone')} />
          <DecimalInput label="Latitude" min={-90} max={90} decimalScale={6} decimalSeparator="," hideControls {...form.getInputProps('latitude')} />
          <DecimalInput label="Longitude" min={-180} max={180} decimalScale={6} decimalSeparator="," hideControls {...form.getInputProps('longitude')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Annuler</Button>
          <Button type="submit" loading={create.isPending || update.isPending}>{editing ? 'Enregistrer' : 'Créer'}</Button>
        </Group>
      </Stack>
    </form>
  )
}
