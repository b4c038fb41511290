import assert from 'node:assert/strict'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { after, test } from 'node:test'
import { storedSecret } from './secrets.ts'

const folders: string[] = []
after(async () => { for (const f of folders) await rm(f, { recursive: true, force: true }) })
async function folder() {
  const f = await mkdtemp(path.join(os.tmpdir(), 'palier-secret-'))
  folders.push(f)
  return f
}

test('a stored secret is generated once, 256 random bits, readable by the owner only, then reused', async () => {
  const file = path.join(await folder(), 'nested', 'jwt-secret')
  const first = await storedSecret(file)
  assert.match(first, /^[A-Za-z0-9_-]{43}$/)
  assert.equal((await stat(file)).mode & 0o777, 0o600)
  assert.equal((await readFile(file, 'utf8')).trim(), first)
  assert.equal(await storedSecret(file), first)
})

test('two folders get two different secrets; concurrent starts on one folder agree on one', async () => {
  const [a, b] = [path.join(await folder(), 'jwt-secret'), path.join(await folder(), 'jwt-secret')]
  assert.notEqual(await storedSecret(a), await storedSecret(b))
  const c = path.join(await folder(), 'jwt-secret')
  const all = await Promise.all(Array.from({ length: 8 }, () => storedSecret(c)))
  assert.equal(new Set(all).size, 1)
  assert.equal((await readFile(c, 'utf8')).trim(), all[0])
})

test('a file holding no usable secret stops the start instead of weakening tokens', async () => {
  const file = path.join(await folder(), 'jwt-secret')
  await writeFile(file, 'short\n', { mode: 0o600 })
  await assert.rejects(storedSecret(file), /no usable secret/)
})
