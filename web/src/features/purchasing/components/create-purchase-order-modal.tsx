import { ActionIcon, Alert, Button, Group, Modal, NumberInput, Paper, Select, Stack, Text, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMediaQuery } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { QueryState } from '@/components/query-state'
import { paths } from '@/config/paths'
import { ApiError, errorMessage } from '@/lib/api/errors'
import { centsToEuros, formatCents } from '@/lib/money'
import { useActiveSuppliers, useCreatePurchaseOrder } from '../api/purchase-orders'
import { emptyLine, formErrors, lineTotalCents, linesToBody, orderTotalCents, validateLines, type LineDraft } from '../lib/lines'
import { PartPicker, type PartOption } from './part-picker'
import { DecimalInput } from '@/components/decimal-input'

/** A new purchase order (Brouillon): an active supplier, 1 to 100 lines, the total live. */
export function CreatePurchaseOrderModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)')
  const suppliers = useActiveSuppliers(opened)
  const create = useCreatePurchaseOrder()
  const navigate = useNavigate()
  const [picked, setPicked] = useState<Record<string, PartOption>>({})
  const form = useForm({
    initialValues: { supplierId: null as string | null, note: '', lines: [emptyLine()] as LineDraft[] },
    validate: (v) => ({ ...(v.supplierId ? {} : { supplierId: 'Choisissez le fournisseur.' }), ...formErrors(validateLines(v.lines)) }),
  })

  function close() {
    form.reset()
    setPicked({})
    create.reset()
    onClose()
  }

  const submit = form.onSubmit((v) => create.mutate(
    { body: { supplierId: v.supplierId!, note: v.note.trim() || undefined, lines: linesToBody(v.lines) } },
    {
      onSuccess: (po) => {
        notifications.show({ color: 'green', message: `Bon de commande ${po.reference} enregistré en brouillon.` })
        close()
        void navigate(paths.purchaseOrder(po.id))
      },
      onError: (e) => { if (e instanceof ApiError) form.setErrors(formErrors(e.fieldErrors())) },
    },
  ))

  const lines = form.values.lines
  return (
    <Modal opened={opened} onClose={close} title="Nouveau bon de commande" size="xl" closeButtonProps={{ 'aria-label': 'Fermer' }} fullScreen={phone}>
      <QueryState query={suppliers}>
        {(options) => options.length === 0
          ? <Alert color="yellow">Aucun fournisseur actif : créez-en un dans Administration › Partenaires.</Alert>
          : (
            <form onSubmit={submit} noValidate>
              <Stack>
                <Select label="Fournisseur" placeholder="Choisir un fournisseur" data={options} searchable required
                  nothingFoundMessage="Aucun fournisseur ne correspond" comboboxProps={{ withinPortal: true }} {...form.getInputProps('supplierId')} />
                {lines.map((line, i) => {
                  const total = lineTotalCents(line)
                  return (
                    <Paper key={line.key} withBorder p="sm" role="group" aria-label={`Ligne ${i + 1}`}>
                      <Stack gap="xs">
                        <PartPicker label={`Pièce (ligne ${i + 1})`} value={line.partId} selected={picked[line.key] ?? null}
                          error={form.errors[`lines.${i}.partId`] as string | undefined}
                          onChange={(o) => {
                            form.setFieldValue(`lines.${i}.partId`, o?.value ?? null)
                            if (o) setPicked((p) => ({ ...p, [line.key]: o }))
                            // The line starts from the part's last known price; a price typed stays.
                            if (o?.lastUnitPriceCents != null && (line.unitPrice === '' || line.unitPrice == null)) {
                              form.setFieldValue(`lines.${i}.unitPrice`, centsToEuros(o.lastUnitPriceCents))
                            }
                          }} />
                        <Group align="flex-start" gap="xs" wrap="wrap">
                          <NumberInput label="Quantité" min={1} max={100_000} allowDecimal={false} w={110} required {...form.getInputProps(`lines.${i}.quantity`)} />
                          <DecimalInput label="Prix unitaire (€)" min={0} decimalScale={2} fixedDecimalScale decimalSeparator="," thousandSeparator=" " w={150} required
                            {...form.getInputProps(`lines.${i}.unitPrice`)} />
                          <Stack gap={2} style={{ flex: 1, minWidth: 90 }}>
                            <Text size="sm" fw={500}>Total ligne</Text>
                            <Text size="sm" mt={6}>{total === null ? '—' : formatCents(total)}</Text>
                          </Stack>
                          <ActionIcon variant="subtle" color="red" mt={26} size="lg" aria-label={`Retirer la ligne ${i + 1}`}
                            disabled={lines.length === 1} onClick={() => form.removeListItem('lines', i)}>
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Group>
                      </Stack>
                    </Paper>
                  )
                })}
                {typeof form.errors.lines === 'string' && <Text c="red.8" size="sm">{form.errors.lines}</Text>}
                <Group justify="space-between">
                  <Button variant="light" leftSection={<IconPlus size={16} />} disabled={lines.length >= 100}
                    onClick={() => form.insertListItem('lines', emptyLine())}>Ajouter une ligne</Button>
                  <Text fw={700} aria-live="polite">Total : {formatCents(orderTotalCents(lines))}</Text>
                </Group>
                <Textarea label="Note" placeholder="Facultatif" autosize minRows={2} maxLength={1000} {...form.getInputProps('note')} />
                {create.error && !(create.error instanceof ApiError && create.error.details.length > 0) && <Alert color="red">{errorMessage(create.error)}</Alert>}
                <Group justify="flex-end" gap="sm">
                  <Button variant="default" onClick={close}>Annuler</Button>
                  <Button type="submit" loading={create.isPending}>Créer le bon de commande</Button>
                </Group>
              </Stack>
            </form>
          )}
      </QueryState>
    </Modal>
  )
}
