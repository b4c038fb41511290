import { Alert, Button, Group, Modal, Select, Stack, Switch, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMediaQuery } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { useMemo } from 'react'
import { QueryState } from '@/components/query-state'
import { ApiError } from '@/lib/api/errors'
import { useAssetOptions, useCreateRequest } from '../api/requests'

/** A new request (source Application). The elevator picker lists only what the API offers the
 * caller: a Demandeur assigned to sites sees those sites' elevators and nothing else. */
export function CreateRequestModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)')
  const options = useAssetOptions(opened)
  const create = useCreateRequest()
  const form = useForm({
    initialValues: { assetId: '' as string | null, description: '', personBlocked: false },
    validate: {
      assetId: (v) => (v ? null : 'Choisissez l’ascenseur concerné.'),
      description: (v) => (v.trim() ? null : 'Décrivez le problème.'),
    },
  })
  // Grouped by site: a site's elevators share a prefix and a guardian.
  const data = useMemo(() => {
    const bySite = new Map<string, { value: string; label: string }[]>()
    for (const o of options.data?.options ?? []) {
      const items = bySite.get(o.siteName) ?? []
      items.push({ value: o.id, label: o.reference })
      bySite.set(o.siteName, items)
    }
    return [...bySite].sort(([a], [b]) => a.localeCompare(b, 'fr')).map(([group, items]) => ({ group, items }))
  }, [options.data])

  function close() {
    form.reset()
    create.reset()
    onClose()
  }

  const submit = form.onSubmit((v) => create.mutate(
    { body: { assetId: v.assetId!, description: v.description.trim(), personBlocked: v.personBlocked } },
    {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: `Demande ${r.reference} enregistrée.` })
        close()
      },
      onError: (e) => { if (e instanceof ApiError) form.setErrors(e.fieldErrors()) },
    },
  ))

  return (
    <Modal opened={opened} onClose={close} title="Nouvelle demande" size="lg" closeButtonProps={{ 'aria-label': 'Fermer' }} fullScreen={phone}>
      <QueryState query={options}>
        {(d) => d.options.length === 0
          ? <Alert color="yellow">Aucun ascenseur ne vous est accessible : demandez à un administrateur de vous affecter un site.</Alert>
          : (
            <form onSubmit={submit} noValidate>
              <Stack>
                <Select label="Ascenseur" placeholder="Rechercher une référence" data={data} searchable limit={100} required
                  nothingFoundMessage="Aucun ascenseur ne correspond" comboboxProps={{ withinPortal: true }} {...form.getInputProps('assetId')} />
                <Textarea label="Description du problème" placeholder="Ce que vous avez constaté" autosize minRows={3} maxLength={2000} required
                  {...form.getInputProps('description')} />
                <Switch label="Personne bloquée dans la cabine" description="La demande passe en tête et l’intervention sera urgente."
                  color="red" size="md" {...form.getInputProps('personBlocked', { type: 'checkbox' })} />
                <Group justify="flex-end" gap="sm">
                  <Button variant="default" onClick={close}>Annuler</Button>
                  <Button type="submit" loading={create.isPending}>Envoyer la demande</Button>
                </Group>
              </Stack>
            </form>
          )}
      </QueryState>
    </Modal>
  )
}
