import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core'
import { DateInput } from '@mantine/dates'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import { locationChoices, type SiteNode } from '@/features/locations'
import { ApiError } from '@/lib/api/errors'
import { useCategories, useCreateAsset } from '../api/assets'
import { assetStatusOptions } from '../labels'
import { assetCreateBody, emptyAsset, REFERENCE_PATTERN, type AssetValues } from '../lib/asset-payload'
import { calendarAriaLabels } from './calendar-labels'
import { DATE_INPUT_FORMAT } from '@/lib/dates'

export function AssetFormModal({ opened, onClose, tree, locationId }: { opened: boolean; onClose: () => void; tree: SiteNode[]; locationId?: string }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Nouvel équipement" size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }}>
      {opened && <AssetForm tree={tree} locationId={locationId ?? null} onDone={onClose} />}
    </Modal>
  )
}

function AssetForm({ tree, locationId, onDone }: { tree: SiteNode[]; locationId: string | null; onDone: () => void }) {
  const navigate = useNavigate()
  const categories = useCategories('EQUIPMENT')
  const create = useCreateAsset()
  const form = useForm<AssetValues>({
    initialValues: emptyAsset(locationId),
    validate: {
      reference: (v) => (!v.trim() ? 'Saisissez une référence.'
        : REFERENCE_PATTERN.test(v.trim()) ? null : 'Lettres, chiffres, « . », « - » et « _ » seulement, sans espace, en commençant par une lettre ou un chiffre.'),
      brand: (v) => (v.trim() ? null : 'Saisissez la marque.'),
      categoryId: (v) => (v ? null : 'Choisissez une catégorie.'),
      locationId: (v) => (v ? null : 'Choisissez un emplacement.'),
    },
  })
  const categoryChoices = (categories.data?.categories ?? []).filter((c) => c.kind === 'EQUIPMENT' && c.isActive).map((c) => ({ value: c.id, label: c.name }))

  const submit = form.onSubmit((values) => create.mutate({ body: assetCreateBody(values) }, {
    onSuccess: (asset) => {
      notifications.show({ color: 'green', message: `Équipement ${asset.reference} créé.` })
      onDone()
      navigate(paths.asset(asset.id))
    },
    onError: (e) => { if (e instanceof ApiError) form.setErrors(e.fieldErrors()) },
  }))

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Référence" description="Imprimée sur l’étiquette QR" required maxLength={40} data-autofocus {...form.getInputProps('reference')} />
          <Select label="Catégorie" required data={categoryChoices} searchable nothingFoundMessage="Aucune catégorie" {...form.getInputProps('categoryId')} />
          <TextInput label="Marque" required maxLength={80} {...form.getInputProps('brand')} />
          <TextInput label="Modèle" maxLength={80} {...form.getInputProps('model')} />
          <TextInput label="Numéro de série" maxLength={80} {...form.getInputProps('serialNumber')} />
          <DateInput label="Mise en service" valueFormat={DATE_INPUT_FORMAT} clearable maxDate={new Date()} ariaLabels={calendarAriaLabels}
            clearButtonProps={{ 'aria-label': 'Effacer la date' }} {...form.getInputProps('commissionedAt')} />
        </SimpleGrid>
        <Select label="Emplacement" required data={locationChoices(tree)} searchable nothingFoundMessage="Aucun emplacement" {...form.getInputProps('locationId')} />
        <SimpleGrid cols={{ base: 2, sm: 3 }}>
          <NumberInput label="Charge (kg)" min={1} max={100000} allowDecimal={false} thousandSeparator=" " {...form.getInputProps('loadKg')} />
          <NumberInput label="Niveaux desservis" min={1} max={300} allowDecimal={false} {...form.getInputProps('floors')} />
          <Select label="Statut" data={assetStatusOptions} allowDeselect={false} {...form.getInputProps('status')} />
        </SimpleGrid>
        <Switch label="Sous contrat de maintenance (reçoit le préventif)" {...form.getInputProps('underContract', { type: 'checkbox' })} />
        <Textarea label="Notes" autosize minRows={2} maxRows={6} maxLength={2000} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Annuler</Button>
          <Button type="submit" loading={create.isPending}>Créer l’équipement</Button>
        </Group>
      </Stack>
    </form>
  )
}
