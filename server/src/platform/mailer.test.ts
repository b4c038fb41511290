// Invitation e-mails through a real SMTP server (smtp-server on loopback), and what happens
// when the mail server is away: the invitation still succeeds and says the mail was not sent.
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import type net from 'node:net'
import { after, before, test } from 'node:test'
import { startTestApp, type TestApp } from '../test/harness.ts'

interface Received { to: string[]; raw: string }
interface SmtpServerLike { listen(port: number, host: string, cb: () => void): void; close(cb: () => void): void; server: net.Server }
const { SMTPServer } = createRequire(import.meta.url)('smtp-server') as { SMTPServer: new (opts: object) => SmtpServerLike }

const received: Received[] = []
let smtp: SmtpServerLike
let port: number

before(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream: NodeJS.ReadableStream, session: { envelope: { rcptTo: { address: string }[] } }, done: () => void) {
      let raw = ''
      stream.on('data', (d: Buffer) => { raw += d.toString('utf8') })
      stream.on('end', () => { received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw }); done() })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  port = (smtp.server.address() as net.AddressInfo).port
})
after(() => new Promise<void>((resolve) => smtp.close(resolve)))

async function inviteWith(smtpUrl: string, email: string) {
  const t: TestApp = await startTestApp({ env: { SMTP_URL: smtpUrl, SMTP_FROM: 'Palier <ne-pas-repondre@palier.example>' }, build: { mailer: undefined } })
  try {
    const roleId = (await t.app.services.users.roles()).roles.find((r) => r.name === 'Technicien')!.id
    return await t.request('POST', '/users/invitations', { token: await t.tokenFor('Administrateur'), body: { email, displayName: 'Nina Roche', roleId } })
  } finally {
    await t.close()
  }
}

test('with SMTP configured, the activation link is e-mailed to the invited person', async () => {
  const res = await inviteWith(`smtp://127.0.0.1:${port}`, 'nina.roche@client.example')
  assert.equal(res.status, 201)
  assert.equal(res.body.emailSent, true)
  const mail = received.find((m) => m.to.includes('nina.roche@client.example'))
  assert.ok(mail, 'no message received')
  assert.match(mail.raw, /ne-pas-repondre@palier\.example/)
  const token = new URL(res.body.activationUrl).searchParams.get('token')!
  // Quoted-printable may fold long lines: compare without soft line breaks.
  assert.ok(mail.raw.replace(/=\r?\n/g, '').includes(token), 'the link is in the mail')
})

test('with the mail server away, the invitation still succeeds and says the mail was not sent', async () => {
  const res = await inviteWith('smtp://127.0.0.1:1', 'marc.vidal@client.example')
  assert.equal(res.status, 201)
  assert.equal(res.body.emailSent, false)
  assert.ok(res.body.activationUrl)
})

test('with SMTP configured, a password reset e-mails its new link to the person', async () => {
  const t: TestApp = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: 'Palier <ne-pas-repondre@palier.example>' }, build: { mailer: undefined } })
  try {
    const admin = await t.tokenFor('Administrateur')
    const roleId = (await t.app.services.users.roles()).roles.find((r) => r.name === 'Technicien')!.id
    const invited = await t.request('POST', '/users/invitations', { token: admin, body: { email: 'sarah.benali@client.example', displayName: 'Sarah Benali', roleId } })
    const activate = await t.request('POST', '/auth/activate', { body: { token: new URL(invited.body.activationUrl).searchParams.get('token'), password: 'mot de passe oublié' } })
    assert.equal(activate.status, 200)
    const res = await t.request('PATCH', `/users/${invited.body.user.id}`, { token: admin, body: { resetPassword: true } })
    assert.equal(res.status, 200)
    assert.equal(res.body.passwordReset.emailSent, true)
    const token = new URL(res.body.passwordReset.activationUrl).searchParams.get('token')!
    const mail = received.findLast((m) => m.to.includes('sarah.benali@client.example'))
    assert.ok(mail, 'no message received')
    const body = mail.raw.replace(/=\r?\n/g, '')
    assert.ok(body.includes(token), 'the new link is in the mail')
  } finally {
    await t.close()
  }
})
