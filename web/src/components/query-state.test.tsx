import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api/errors'
import { QueryState } from './query-state'

const show = (error: unknown) => render(
  <MantineProvider>
    <QueryState query={{ data: undefined, error, isPending: false, refetch: () => undefined }} notFound="Ascenseur introuvable">{() => null}</QueryState>
  </MantineProvider>,
)

describe('QueryState', () => {
  it('says « introuvable » without a retry for a 404', () => {
    show(new ApiError(404, { error: { code: 'NOT_FOUND', message: 'Introuvable' } }))
    expect(screen.getByText('Ascenseur introuvable')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull()
  })
  it('says « introuvable » for an id the API refused as malformed', () => {
    show(new ApiError(400, { error: { code: 'VALIDATION_ERROR', message: 'Invalide', details: [{ field: 'id', message: 'uuid' }] } }))
    expect(screen.getByText('Ascenseur introuvable')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull()
  })
  it('offers a retry for a failure that may pass', () => {
    show(new ApiError(503, null))
    expect(screen.queryByText('Ascenseur introuvable')).toBeNull()
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy()
  })
})
