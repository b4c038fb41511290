import { Alert, Button, Group, NumberInput, SegmentedControl, Stack, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { ApiError, errorMessage } from '@/lib/api/errors'
import { eurosToCents } from '@/lib/money'
import { useAddMovement } from '../api/parts'
import { DecimalInput } from '@/components/decimal-input'

type Kind = 'MANUAL' | 'ADJUSTMENT'

/** « Mouvement de stock »: a manual entry (positive, optionally priced) or an adjustment (±, with a reason). */
export function MovementForm({ partId }: { partId: string }) {
  const add = useAddMovement()
  const [refusal, setRefusal] = useState<string | null>(null)
  const form = useForm({
    initialValues: { kind: 'MANUAL' as Kind, quantity: '' as number | string, unitPrice: '' as number | string, reason: '' },
    validate: {
      quantity: (v, values) => {
        const n = Number(v)
        if (v === '' || !Number.isInteger(n) || n === 0) return 'Indiquez une quantité entière, différente de 0.'
        if (values.kind === 'MANUAL' && n < 0) return 'Une entrée est positive : pour retirer du stock, faites un ajustement.'
        return null
      },
      reason: (v, values) => (values.kind === 'ADJUSTMENT' && !v.trim() ? 'Un ajustement demande un motif.' : null),
    },
  })
  const manual = form.values.kind === 'MANUAL'

  const submit = form.onSubmit((v) => {
    setRefusal(null)
    const unitPriceCents = manual ? eurosToCents(v.unitPrice) : null
    add.mutate({
      params: { path: { id: partId } },
      body: { kind: v.kind, quantity: Number(v.quantity), ...(v.reason.trim() ? { reason: v.reason.trim() } : {}), ...(unitPriceCents !== null ? { unitPriceCents } : {}) },
    }, {
      onSuccess: () => { notifications.show({ color: 'green', message: 'Mouvement enregistré.' }); form.setValues({ quantity: '', unitPrice: '', reason: '' }) },
      onError: (e) => {
        if (e instanceof ApiError && e.details.length) form.setErrors(e.fieldErrors())
        else setRefusal(errorMessage(e))
      },
    })
  })

  return (
    <form onSubmit={submit} noValidate aria-label="Mouvement de stock">
      <Stack gap="sm">
        <SegmentedControl data={[{ value: 'MANUAL', label: 'Entrée manuelle' }, { value: 'ADJUSTMENT', label: 'Ajustement' }]}
          {...form.getInputProps('kind')} aria-label="Type de mouvement" />
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput label="Quantité" description={manual ? 'Unités entrées en stock.' : 'Positive pour ajouter, négative pour retirer.'}
            required allowDecimal={false} allowNegative={!manual} {...form.getInputProps('quantity')} miw={160} />
          {manual && (
            <DecimalInput label="Prix unitaire (€)" description="Facultatif : devient le dernier prix de la pièce."
              min={0} decimalScale={2} decimalSeparator="," allowNegative={false} {...form.getInputProps('unitPrice')} miw={160} />
          )}
        </Group>
        <TextInput label="Motif" required={!manual} maxLength={500} placeholder={manual ? 'Achat comptoir, retour de chantier…' : 'Inventaire, casse…'}
          {...form.getInputProps('reason')} />
        {refusal && <Alert color="red" title="Mouvement refusé">{refusal}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>Enregistrer le mouvement</Button>
        </Group>
      </Stack>
    </form>
  )
}
