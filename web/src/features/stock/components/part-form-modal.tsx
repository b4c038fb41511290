import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMediaQuery } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { useNavigate } from 'react-router'
import { paths } from '@/config/paths'
import type { Schemas } from '@/lib/api/client'
import { ApiError } from '@/lib/api/errors'
import { useMe } from '@/lib/auth/use-me'
import { useCreatePart, useSupplierOptions, useUpdatePart } from '../api/parts'

/** « Nouvelle pièce » (no part) or the part's edit: designation, threshold, supplier. */
export function PartFormModal({ opened, part, onClose }: { opened: boolean; part?: Schemas['PartDetail']; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)')
  const { can } = useMe()
  const navigate = useNavigate()
  const suppliers = useSupplierOptions(opened && can('PURCHASE_ORDERS', 'view'))
  const create = useCreatePart()
  const update = useUpdatePart()
  const form = useForm({
    initialValues: { designation: part?.designation ?? '', reorderThreshold: part?.reorderThreshold ?? 0 as number | string, supplierId: part?.supplier?.id ?? null as string | null },
    validate: { designation: (v) => (v.trim() ? null : 'Indiquez la désignation.') },
  })
  // A supplier deactivated since may stay: keep it among the choices.
  const data = [...(suppliers.data ?? [])]
  if (part?.supplier && !data.some((s) => s.value === part.supplier!.id)) data.push({ value: part.supplier.id, label: part.supplier.name })

  function close() {
    form.reset()
    onClose()
  }
  const onError = (e: unknown) => { if (e instanceof ApiError) form.setErrors(e.fieldErrors()) }
  const submit = form.onSubmit((v) => {
    const body = { designation: v.designation.trim(), reorderThreshold: Number(v.reorderThreshold) || 0, supplierId: v.supplierId }
    if (part) {
      update.mutate({ params: { path: { id: part.id } }, body }, {
        onSuccess: () => { notifications.show({ color: 'green', message: 'Pièce enregistrée.' }); onClose() },
        onError,
      })
    } else {
      create.mutate({ body }, {
        onSuccess: (created) => { notifications.show({ color: 'green', message: `Pièce ${created.reference} créée.` }); close(); navigate(paths.part(created.id)) },
        onError,
      })
    }
  })

  return (
    <Modal opened={opened} onClose={close} title={part ? 'Modifier la pièce' : 'Nouvelle pièce'} closeButtonProps={{ 'aria-label': 'Fermer' }} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Désignation" required maxLength={200} data-autofocus {...form.getInputProps('designation')} />
          <NumberInput label="Seuil de réapprovisionnement" description="La pièce est signalée quand le stock passe sous ce seuil (0 : jamais)."
            min={0} allowDecimal={false} allowNegative={false} {...form.getInputProps('reorderThreshold')} />
          {can('PURCHASE_ORDERS', 'view') && (
            <Select label="Fournisseur habituel" placeholder="Aucun" data={data} clearable searchable comboboxProps={{ withinPortal: true }}
              nothingFoundMessage="Aucun fournisseur" {...form.getInputProps('supplierId')} />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>Annuler</Button>
            <Button type="submit" loading={create.isPending || update.isPending}>{part ? 'Enregistrer' : 'Créer la pièce'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
