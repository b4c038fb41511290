// The list of error codes: a code outside it does not type-check; these tests keep the list
// itself sound — each code an error status and one French sentence, unique, and answered
// somewhere (a code nothing raises would document a situation that no longer exists).
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { ERROR_CODE_LIST, ERROR_CODES } from './error-codes.ts'
import { AppError, conflict, notFound } from './errors.ts'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const entries = Object.entries(ERROR_CODES)

function sources(dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return sources(full)
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && e.name !== 'error-codes.ts' ? [full] : []
  })
}

describe('the error code list', () => {
  test('codes are unique, stable machine words that fit the contract', () => {
    assert.equal(new Set(ERROR_CODE_LIST).size, ERROR_CODE_LIST.length)
    assert.deepEqual(ERROR_CODE_LIST, Object.keys(ERROR_CODES))
    for (const code of ERROR_CODE_LIST) assert.match(code, /^[A-Z][A-Z_]{2,63}$/, code)
  })

  test('each code answers a 4xx or 5xx status', () => {
    for (const [code, { status }] of entries) assert.ok(Number.isInteger(status) && status >= 400 && status < 600, `${code}: ${status}`)
  })

  test('each code has one French sentence of its own', () => {
    for (const [code, { message }] of entries) {
      assert.match(message, /^[A-ZÀ-Ý]/, `${code} starts with a capital`)
      assert.match(message, /[.!?]$/, `${code} ends as a sentence`)
      assert.ok(message.length <= 1000, code) // the contract's bound on ErrorResponse.error.message
      assert.doesNotMatch(message, /\b(the|is|are|not|must|should|please|invalid|cannot|found)\b/i, `${code} reads as English: ${message}`)
    }
    const messages = entries.map(([, e]) => e.message)
    assert.equal(new Set(messages).size, messages.length, 'two codes share a default message: they name one situation')
  })

  test('every code is raised somewhere in the server', () => {
    const text = sources().map((f) => readFileSync(f, 'utf8')).join('\n')
    const unused = ERROR_CODE_LIST.filter((code) => !text.includes(`'${code}'`))
    assert.deepEqual(unused, [])
  })
})

describe('AppError takes its status and default message from the list', () => {
  test('the code fixes the status; the message defaults to the list’s', () => {
    const closed = conflict('WORK_ORDER_CLOSED')
    assert.equal(closed.status, 409)
    assert.equal(closed.message, ERROR_CODES.WORK_ORDER_CLOSED.message)
    const missing = notFound('Équipe introuvable.')
    assert.deepEqual([missing.status, missing.code, missing.message], [404, 'NOT_FOUND', 'Équipe introuvable.'])
    const tooLarge = new AppError('PAYLOAD_TOO_LARGE', 'Fichier trop volumineux : 25 Mo au plus.')
    assert.equal(tooLarge.status, 413)
  })
})
