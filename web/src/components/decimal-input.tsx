// The one input for money and decimal values. Mantine's NumberInput with a French comma treats a
// pasted « 39.9 » as noise and keeps 399; here a paste is read by parseDecimal (comma, point,
// « 39,90 € » alike) and a typed point becomes the comma.
import { NumberInput, type NumberInputProps } from '@mantine/core'
import type { ClipboardEvent } from 'react'
import { parseDecimal } from '@/lib/decimal'

export function DecimalInput({ onPaste, onChange, ...props }: NumberInputProps) {
  const paste = (e: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(e)
    const n = parseDecimal(e.clipboardData.getData('text'))
    if (n === null) return
    e.preventDefault()
    const scale = props.decimalScale
    onChange?.(scale === undefined ? n : Number(n.toFixed(scale)))
  }
  return (
    <NumberInput decimalSeparator="," allowedDecimalSeparators={['.', ',']} hideControls inputMode="decimal"
      {...props} onChange={onChange} onPaste={paste} />
  )
}
