import { Alert, Anchor, Button, Card, Center, List, PasswordInput, Stack, Text, Title } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api/errors'
import { useSession } from '@/lib/auth/use-session'
import { useActivate } from '../api/activate'
import { isActivationToken, PASSWORD_MIN, passwordProblem } from '../utils/password-rules'

const ASK_ADMIN = 'Demandez à votre administrateur de vous envoyer une nouvelle invitation.'

/** `/activate?token=…`: the invited person chooses a password and is signed in. The token
 * is read once, then taken out of the address bar (and so out of the history). */
export function Component() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [token] = useState(() => params.get('token'))
  useEffect(() => {
    if (params.has('token')) navigate(paths.activate, { replace: true })
  }, [params, navigate])

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Stack w="100%" maw={460} gap="lg">
        <Stack gap={4} align="center">
          <Text fw={700} fz={32} c="blue.8">Palier</Text>
          <Text c="gray.7" ta="center">Bienvenue ! Choisissez votre mot de passe pour ouvrir votre compte.</Text>
        </Stack>
        <Card withBorder padding="lg" radius="md" component="main">
          <Stack>
            <Title order={1} fz="xl">Activation du compte</Title>
            {isActivationToken(token) ? <ActivateForm token={token} /> : (
              <Alert color="red" icon={<IconAlertTriangle />} title="Lien d’activation incomplet">
                Ce lien ne contient pas de code d’activation valable : vérifiez qu’il a été copié en entier. {ASK_ADMIN}
              </Alert>
            )}
          </Stack>
        </Card>
        <Text size="sm" ta="center" c="gray.7">
          Déjà un compte ? <Anchor component={Link} to={paths.login} c="blue.9" underline="always">Se connecter</Anchor>
        </Text>
      </Stack>
    </Center>
  )
}

function ActivateForm({ token }: { token: string }) {
  const { token: session } = useSession()
  const activate = useActivate()
  const form = useForm({
    initialValues: { password: '', confirmation: '' },
    validate: {
      password: passwordProblem,
      confirmation: (v, values) => (v === values.password ? null : 'Les deux mots de passe ne correspondent pas.'),
    },
  })
  const submit = form.onSubmit((values) => activate.mutate({ body: { token, password: values.password } }, {
    onError: (e) => { if (e instanceof ApiError) form.setErrors(e.fieldErrors()) },
  }))
  // A refused link (expired, used, replaced by a newer one) names no field: said above the form.
  const refusal = activate.error instanceof ApiError && activate.error.details.length === 0 ? activate.error : null

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {refusal && (
          <Alert color="red" icon={<IconAlertTriangle />} title="Activation impossible" data-testid="activation-refused">
            <Text size="sm">{refusal.message}</Text>
            {refusal.code === 'INVALID_ACTIVATION_LINK' && <Text size="sm" mt={4}>{ASK_ADMIN}</Text>}
          </Alert>
        )}
        {session && (
          <Alert color="blue" icon={<IconInfoCircle />}>
            Une session est déjà ouverte dans ce navigateur : activer ce compte la remplacera par celle du nouveau compte.
          </Alert>
        )}
        <List size="sm" c="gray.7" spacing={2}>
          <List.Item>au moins {PASSWORD_MIN} caractères ;</List.Item>
          <List.Item>pas uniquement des espaces.</List.Item>
        </List>
        <PasswordInput label="Nouveau mot de passe" autoComplete="new-password" required {...form.getInputProps('password')}
          visibilityToggleButtonProps={{ 'aria-label': 'Afficher ou masquer le mot de passe' }} />
        <PasswordInput label="Confirmez le mot de passe" autoComplete="new-password" required {...form.getInputProps('confirmation')}
          visibilityToggleButtonProps={{ 'aria-label': 'Afficher ou masquer la confirmation' }} />
        <Button type="submit" loading={activate.isPending} fullWidth>Activer mon compte</Button>
      </Stack>
    </form>
  )
}
