// Password hashing with Argon2id (OWASP minimum: m=19 MiB, t=2, p=1).
import { hash, verify } from '@node-rs/argon2'

const ARGON2ID = 2 // Algorithm.Argon2id (a const enum in the typings, so written out)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS as never)
}

// A real hash of a random string: verifying against it costs as much as a real account, so
// response times do not tell whether an e-mail exists.
let decoy: Promise<string> | undefined

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword(crypto.randomUUID())
    await verify(await decoy, password).catch(() => false)
    return false
  }
  return verify(stored, password).catch(() => false)
}
