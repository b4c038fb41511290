// The scale seed's loads by the million: the secondary indexes of the tables they fill are
// set aside during the load and built again after it, each by one sort, rather than taking
// millions of insertions one row at a time (a full-text GIN index among them). Primary keys,
// unique indexes and those behind a constraint stay: foreign keys and conflicts need them.
import type pg from 'pg'

/** The tables seed:scale fills by the hundred thousand or more. */
export const BULK_TABLES = ['work_orders', 'checklist_items', 'work_order_events', 'stock_movements', 'work_order_labor'] as const

export interface IndexAside { name: string; definition: string }

/** Drops the plain secondary indexes of `tables` and returns how to build each again. */
export async function setIndexesAside(client: pg.Client, tables: readonly string[]): Promise<IndexAside[]> {
  const { rows } = await client.query<IndexAside>(`
    SELECT ix.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_class ix ON ix.oid = i.indexrelid
    WHERE t.relnamespace = 'public'::regnamespace AND t.relname = ANY($1) AND NOT i.indisunique AND NOT i.indisprimary
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
    ORDER BY t.relname, ix.relname`, [tables])
  for (const { name } of rows) await client.query(`DROP INDEX "${name}"`)
  return rows
}

/** Builds again the indexes `setIndexesAside` dropped, from their own definitions. */
export async function restoreIndexes(client: pg.Client, aside: readonly IndexAside[]): Promise<void> {
  for (const { definition } of aside) await client.query(definition)
}
