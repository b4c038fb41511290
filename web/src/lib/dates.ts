// Moments as a French reader expects them (dayjs' fr locale is set by the providers), shared by
// the features that show a log (an order's activity, a part's ledger, an asset's readings).
import dayjs from 'dayjs'

export const formatDateTime = (iso: string) => dayjs(iso).format('D MMM YYYY à HH:mm')
