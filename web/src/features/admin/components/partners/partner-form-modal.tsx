import { Button, Group, Modal, SegmentedControl, SimpleGrid, Stack, Input, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import type { Schemas } from '@/lib/api/client'
import { useCreatePartner, useUpdatePartner } from '../../api/partners'
import { partnerKindLabel } from '../../labels'
import { changes, optional, orNull } from '../../utils/changes'
import { fieldErrorsTo } from '../../utils/form-errors'

type Partner = Schemas['Partner']

export function PartnerFormModal({ opened, partner, onClose }: { opened: boolean; partner?: Partner; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} centered size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }}
      title={partner ? `Modifier ${partner.name}` : 'Nouveau partenaire'}>
      {opened && <PartnerForm partner={partner} onDone={onClose} />}
    </Modal>
  )
}

function PartnerForm({ partner, onDone }: { partner?: Partner; onDone: () => void }) {
  const create = useCreatePartner()
  const update = useUpdatePartner()
  const initial = {
    name: partner?.name ?? '', kind: partner?.kind ?? ('SUPPLIER' as Partner['kind']), contactName: partner?.contactName ?? '',
    email: partner?.email ?? '', phone: partner?.phone ?? '', address: partner?.address ?? '',
  }
  const form = useForm({
    initialValues: initial,
    validate: {
      name: (v) => (v.trim() === '' ? 'Saisissez le nom du partenaire.' : null),
      email: (v) => (v.trim() === '' || /^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Saisissez une adresse e-mail valide.'),
    },
  })
  const done = (p: Partner) => {
    notifications.show({ color: 'green', message: partner ? `Partenaire « ${p.name} » modifié.` : `Partenaire « ${p.name} » ajouté.` })
    onDone()
  }
  const submit = form.onSubmit((v) => {
    const onError = fieldErrorsTo(form)
    if (!partner) {
      return create.mutate({ body: {
        name: v.name.trim(), kind: v.kind, contactName: optional(v.contactName), email: optional(v.email), phone: optional(v.phone), address: optional(v.address),
      } }, { onSuccess: done, onError })
    }
    const shape = (f: typeof v) => ({
      name: f.name.trim(), kind: f.kind, contactName: orNull(f.contactName), email: orNull(f.email), phone: orNull(f.phone), address: orNull(f.address),
    })
    const body = changes(shape(initial), shape(v))
    if (Object.keys(body).length === 0) return onDone()
    update.mutate({ params: { path: { id: partner.id } }, body }, { onSuccess: done, onError })
  })
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Nom" required maxLength={120} data-autofocus {...form.getInputProps('name')} />
        <Input.Wrapper label="Type" description="Un gestionnaire de biens se relie aux sites ; un fournisseur aux pièces et commandes." error={form.errors.kind}>
          <SegmentedControl fullWidth mt={4} aria-label="Type de partenaire" value={form.values.kind}
            onChange={(k) => form.setFieldValue('kind', k as Partner['kind'])}
            data={Object.entries(partnerKindLabel).map(([value, label]) => ({ value, label }))} />
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Contact" maxLength={120} {...form.getInputProps('contactName')} />
          <TextInput label="Téléphone" maxLength={40} {...form.getInputProps('phone')} />
          <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
          <TextInput label="Adresse" maxLength={200} {...form.getInputProps('address')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>Annuler</Button>
          <Button type="submit" loading={create.isPending || update.isPending}>{partner ? 'Enregistrer' : 'Ajouter'}</Button>
        </Group>
      </Stack>
    </form>
  )
}
