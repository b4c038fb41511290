import '@mantine/core/styles.css'
import '@mantine/dates/styles.css'
import '@mantine/notifications/styles.css'
import '@mantine/spotlight/styles.css'
import 'mantine-datatable/styles.css'
import 'dayjs/locale/fr'
import dayjs from 'dayjs'
import customParseFormat from 'dayjs/plugin/customParseFormat'
import type { ReactNode } from 'react'
import { MantineProvider } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { DatesProvider } from '@mantine/dates'
import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { QueryClientProvider } from '@tanstack/react-query'
import { queryClient } from './query-client'
import { cssVariablesResolver, theme } from './theme'

dayjs.locale('fr')
// A date typed as it is shown (« 28/11/2026 », lib/dates.ts) is read in that format.
dayjs.extend(customParseFormat)

/** Notices at the bottom, away from what sits at the top: the page's main buttons (its
 * header's actions) and a dialog's close button, which a notice at the top right covered. */
function PlacedNotifications() {
  const phone = useMediaQuery('(max-width: 48em)') ?? false
  return <Notifications position={phone ? 'bottom-center' : 'bottom-right'} limit={3} />
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: 'Confirmer', cancel: 'Annuler' }}>
            <PlacedNotifications />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  )
}
