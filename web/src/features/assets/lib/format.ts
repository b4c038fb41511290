import { formatDate as formatDay } from '@/lib/dates'

const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 })

export const formatNumber = (n: number) => integer.format(n)
export const formatDate = (iso: string | null) => (iso ? formatDay(iso) : '—')
export { formatDateTime } from '@/lib/dates'
/** "3 équipements", "1 équipement", "0 équipement" (French keeps 0 and 1 singular). */
export const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n > 1 ? many : one}`
