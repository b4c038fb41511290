import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import type { Schemas } from '@/lib/api/client'
import { useMe } from '@/lib/auth/use-me'
import { useCreateLocation, useUpdateLocation } from '../../api/locations'
import { usePartners } from '../../api/partners'
import { changes, optional } from '../../utils/changes'
import { fieldErrorsTo } from '../../utils/form-errors'

type Location = Schemas['Location']
/** A site (no parent) or a zone of `parentId`; `location` set when editing. */
export type LocationTarget = { location?: Location; parentId: string | null }

export function LocationFormModal({ target, sites, onClose }: { target: LocationTarget | null; sites: Location[]; onClose: () => void }) {
  const zone = target?.parentId != null
  const title = target?.location ? `Modifier ${target.location.name}` : zone ? 'Nouvelle zone' : 'Nouveau site'
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }}>
      {target && <LocationForm target={target} sites={sites} onDone={onClose} />}
    </Modal>
  )
}

function LocationForm({ target, sites, onDone }: { target: LocationTarget; sites: Location[]; onDone: () => void }) {
  const { can } = useMe()
  const canPickPartner = can('PURCHASE_ORDERS', 'view')
  const partners = usePartners(canPickPartner)
  const create = useCreateLocation()
  const update = useUpdateLocation()
  const l = target.location
  const isZone = target.parentId !== null
  const initial = {
    name: l?.name ?? '', parentId: target.parentId, address: l?.address ?? '', city: l?.city ?? '',
    guardianName: l?.guardianName ?? '', guardianPhone: l?.guardianPhone ?? '',
    latitude: (l?.latitude ?? '') as number | string, longitude: (l?.longitude ?? '') as number | string, partnerId: l?.partnerId ?? null,
  }
  const form = useForm({
    initialValues: initial,
    validate: {
      name: (v) => (v.trim() === '' ? 'Saisissez un nom.' : null),
      parentId: (v) => (isZone && !v ? 'Choisissez le site de la zone.' : null),
    },
  })
  const clientOptions = (partners.data?.partners ?? [])
    .filter((p) => p.kind === 'CLIENT' && (p.isActive || p.id === l?.partnerId))
    .map((p) => ({ value: p.id, label: p.name }))
  const num = (v: number | string) => (typeof v === 'number' ? v : undefined)

  const done = (r: Location) => { notifications.show({ color: 'green', message: `« ${r.name} » enregistré.` }); onDone() }
  const submit = form.onSubmit((v) => {
    const onError = fieldErrorsTo(form)
    if (!l) {
      return create.mutate({ body: {
        name: v.name.trim(), ...(v.parentId ? { parentId: v.parentId } : {}),
        address: optional(v.address), city: optional(v.city), guardianName: optional(v.guardianName), guardianPhone: optional(v.guardianPhone),
        latitude: num(v.latitude), longitude: num(v.longitude), ...(v.partnerId ? { partnerId: v.partnerId } : {}),
      } }, { onSuccess: done, onError })
    }
    // An emptied text clears it (the API stores ''); coordinates are only ever replaced.
    const shape = (f: typeof v) => ({
      name: f.name.trim(), address: f.address.trim(), city: f.city.trim(), guardianName: f.guardianName.trim(), guardianPhone: f.guardianPhone.trim(),
      ...(isZone && f.parentId ? { parentId: f.parentId } : {}), ...(canPickPartner ? { partnerId: f.partnerId } : {}),
    })
    const body = {
      ...changes(shape(initial), shape(v)),
      ...(num(v.latitude) !== undefined && v.latitude !== initial.latitude ? { latitude: num(v.latitude) } : {}),
      ...(num(v.longitude) !== undefined && v.longitude !== initial.longitude ? { longitude: num(v.longitude) } : {}),
    }
    if (Object.keys(body).length === 0) return onDone()
    update.mutate({ params: { path: { id: l.id } }, body }, { onSuccess: done, onError })
  })

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Nom" required maxLength={120} data-autofocus {...form.getInputProps('name')} />
        {isZone && (
          <Select label="Site" required data={sites.map((s) => ({ value: s.id, label: s.name }))} searchable allowDeselect={false}
            nothingFoundMessage="Aucun site" comboboxProps={{ withinPortal: true }} {...form.getInputProps('parentId')} />
        )}
        {!isZone && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="Adresse" maxLength={200} {...form.getInputProps('address')} />
              <TextInput label="Ville" maxLength={80} {...form.getInputProps('city')} />
              <TextInput label="Gardien" maxLength={120} {...form.getInputProps('guardianName')} />
              <TextInput label="Téléphone du gardien" maxLength={40} {...form.getInputProps('guardianPhone')} />
              <NumberInput label="Latitude" min={-90} max={90} decimalScale={6} decimalSeparator="," hideControls {...form.getInputProps('latitude')} />
              <NumberInput label="Longitude" min={-180} max={180} decimalScale={6} decimalSeparator="," hideControls {...form.getInputProps('longitude')} />
            </SimpleGrid>
            {canPickPartner && (
              <Select label="Gestionnaire de biens" data={clientOptions} clearable searchable placeholder="Aucun"
                nothingFoundMessage="Aucun gestionnaire actif" comboboxProps={{ withinPortal: true }} {...form.getInputProps('partnerId')} />
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Annuler</Button>
          <Button type="submit" loading={create.isPending || update.isPending}>{l ? 'Enregistrer' : 'Ajouter'}</Button>
        </Group>
      </Stack>
    </form>
  )
}
