import { Alert, Anchor, Avatar, Button, Card, Center, Divider, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconInfoCircle } from '@tabler/icons-react'
import { Navigate } from 'react-router'
import { ApiError } from '@/lib/api/errors'
import { useSession } from '@/lib/auth/use-session'
import { useDemoAccounts, useDemoLogin, useLogin, useReturnTarget } from '../api/sign-in'

export function Component() {
  const { token, expired } = useSession()
  const login = useLogin()
  const demo = useDemoAccounts()
  const demoLogin = useDemoLogin()
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Saisissez une adresse e-mail valide.'),
      password: (v) => (v.length > 0 ? null : 'Saisissez votre mot de passe.'),
    },
  })
  const target = useReturnTarget()
  if (token) return <Navigate to={target} replace />

  const submit = form.onSubmit((values) => login.mutate({ body: { email: values.email.trim(), password: values.password } }, {
    onError: (e) => { if (e instanceof ApiError) form.setErrors(e.fieldErrors()) },
  }))
  const loginError = login.error instanceof ApiError && login.error.details.length === 0 ? login.error.message : null

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Stack w="100%" maw={460} gap="lg">
        <Stack gap={4} align="center">
          <Title order={1} c="blue.8">Palier</Title>
          <Text c="gray.7" ta="center">La maintenance de vos ascenseurs, site par site.</Text>
        </Stack>
        <Card withBorder padding="lg" radius="md" component="main">
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={2} fz="xl">Connexion</Title>
              {expired && <Alert color="yellow" icon={<IconInfoCircle />}>Votre session a expiré. Reconnectez-vous pour continuer.</Alert>}
              {loginError && <Alert color="red" role="alert">{loginError}</Alert>}
              <TextInput label="Adresse e-mail" type="email" autoComplete="username" required {...form.getInputProps('email')} />
              <PasswordInput label="Mot de passe" autoComplete="current-password" required {...form.getInputProps('password')}
                visibilityToggleButtonProps={{ 'aria-label': 'Afficher ou masquer le mot de passe' }} />
              <Button type="submit" loading={login.isPending} fullWidth>Se connecter</Button>
              <Text size="sm" c="gray.7">
                Mot de passe oublié ? Demandez à l’administrateur de Palier dans votre entreprise de le réinitialiser : vous recevrez un lien pour en choisir un nouveau.
              </Text>
            </Stack>
          </form>
          {demo.data && demo.data.accounts.length > 0 && (
            <>
              <Divider my="lg" label={<Text size="sm" c="gray.7">Démonstration : un clic par rôle</Text>} labelPosition="center" />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                {demo.data.accounts.map((a) => (
                  <UnstyledButton key={a.id} onClick={() => demoLogin.mutate({ body: { userId: a.id } })}
                    disabled={demoLogin.isPending} title={`Se connecter en tant que ${a.displayName}`}
                    style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, padding: 8, minHeight: 44 }}>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar color="blue" variant="filled" radius="xl">{a.initials}</Avatar>
                      <div>
                        <Text size="sm" fw={600}>{a.displayName}</Text>
                        <Text size="xs" c="dimmed">{a.roleName}</Text>
                      </div>
                    </Group>
                  </UnstyledButton>
                ))}
              </SimpleGrid>
            </>
          )}
        </Card>
        <Text size="xs" c="gray.7" ta="center">
          Un ascenseur en panne ? Scannez le code QR de la cabine. <Anchor href="/api/docs" size="xs" underline="always" c="blue.9">Documentation de l’API</Anchor>
        </Text>
      </Stack>
    </Center>
  )
}
