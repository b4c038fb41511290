const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 })

/** 512 octets → « 1 Ko », 250 000 → « 244 Ko », 3 500 000 → « 3,3 Mo » (binary units, as the 20 Mo limit). */
export function formatSize(bytes: number): string {
  if (bytes < 1_048_576) return `${Math.max(1, Math.round(bytes / 1024))} Ko`
  return `${decimal.format(bytes / 1_048_576)} Mo`
}

export { formatDate as formatDocumentDate } from '@/lib/dates'

export const ACCEPTED_FILES = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png'
