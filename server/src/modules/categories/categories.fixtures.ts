// Test fixtures of the categories module, for the tests of modules that use categories.
import { uuidv7 } from 'uuidv7'
import { categories } from './categories.tables.ts'
import type { TestApp } from '../../test/harness.ts'

/** A category row written directly (tests of modules that use categories, not manage them). */
export async function insertCategory(t: TestApp, kind: 'EQUIPMENT' | 'COMPONENT_TYPE', name: string, isActive = true): Promise<string> {
  const id = uuidv7()
  await t.app.deps.database.db.insert(categories).values({ id, kind, name, isActive })
  return id
}
