import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { meQuery } from '@/lib/auth/use-me'
import { NO_FEATURES } from '@/lib/auth/features'
import { LaborForm } from './cost-forms'

const me = { id: 'me', email: 'k@palier.test', displayName: 'Karim Benali', role: { id: 'r', name: 'Technicien' as const }, isDemo: false, permissions: [] }
const colleague = { id: 'other', displayName: 'Julie Martin' }

function show(forOthers: boolean) {
  const queries = new QueryClient()
  queries.setQueryData(meQuery.queryKey, { me, features: NO_FEATURES })
  return render(
    <MantineProvider>
      <QueryClientProvider client={queries}>
        <LaborForm orderId="wo" assignees={[colleague]} forOthers={forOthers} onDone={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  )
}

describe('the labour form', () => {
  it('offers to log time for the people on the order when the API says the caller may', () => {
    show(true)
    expect(screen.getByRole('combobox', { name: 'Intervenant' })).toBeTruthy()
  })

  it('logs only the caller’s own time otherwise, whatever its role', () => {
    show(false)
    expect(screen.queryByRole('combobox', { name: 'Intervenant' })).toBeNull()
  })
})
