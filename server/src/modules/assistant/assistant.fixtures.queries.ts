// The assistant's test fixtures that write the store directly.
import { eq } from 'drizzle-orm'
import { assets } from '../assets/assets.tables.ts'
import type { Db } from '../../platform/db.ts'

export async function setBrand(db: Db, assetId: string, brand: string, model: string | null): Promise<void> {
  await db.update(assets).set({ brand, model }).where(eq(assets.id, assetId))
}
