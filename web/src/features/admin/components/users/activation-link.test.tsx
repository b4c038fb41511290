import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Schemas } from '@/lib/api/client'
import { ActivationLink } from './activation-link'

const invitation = (emailSent: boolean) => ({
  user: { displayName: 'Émilie Roux', email: 'emilie.roux@exemple.fr', role: { name: 'Technicien' } } as Schemas['UserAdmin'],
  activationUrl: 'https://palier.exemple.fr/activer#jeton', expiresAt: '2026-12-05T10:00:00.000Z', emailSent,
})

const show = (emailSent: boolean) => render(<MantineProvider><ActivationLink invitation={invitation(emailSent)} onClose={() => {}} /></MantineProvider>)

describe('after an invitation', () => {
  it('says the link went out by e-mail, and to whom', () => {
    show(true)
    expect(screen.getByText('Le lien a aussi été envoyé par e-mail à emilie.roux@exemple.fr.')).toBeTruthy()
    expect(screen.queryByText(/Aucun e-mail n’est parti/)).toBeNull()
  })

  it('says no e-mail went out and the link must be passed on by hand', () => {
    show(false)
    expect(screen.getByText('Aucun e-mail n’est parti : transmettez ce lien vous-même à Émilie Roux, et à personne d’autre.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copier le lien' })).toBeTruthy()
  })
})
