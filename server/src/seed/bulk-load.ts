// The scale seed's loads by the million: what every inserted row would otherwise pay for one
// by one is set aside during the load and put back after it, in one pass each.
// - Plain secondary indexes are dropped, then built again, each by one sort, rather than
//   taking millions of insertions at random places (a full-text GIN index among them).
// - Foreign keys are dropped, then added again: adding one checks every row in one join,
//   where a live one checks each row as it comes, locking the row it names (five million
//   events locking their orders one at a time). An order's assignments can then also be
//   written before the order, so that its listed row is built once (scale-operations.ts).
// Primary keys and unique indexes stay: conflicts and the checks that follow need them.
import type pg from 'pg'

/** The tables seed:scale fills by the hundred thousand or more. */
export const BULK_TABLES = [
  'work_orders', 'work_order_assignees', 'checklist_items', 'work_order_events', 'requests', 'stock_movements', 'work_order_labor',
] as const

export interface SetAside { kind: 'index' | 'foreign key'; name: string; restore: string }

/** Drops the plain secondary indexes and the foreign keys of `tables`; returns how to put each back. */
export async function setAsideForBulkLoad(client: pg.Client, tables: readonly string[]): Promise<SetAside[]> {
  const { rows } = await client.query<SetAside & { drop: string }>(`
    SELECT 'index' AS kind, ix.relname AS name, pg_get_indexdef(i.indexrelid) AS restore, format('DROP INDEX %I', ix.relname) AS drop
    FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_class ix ON ix.oid = i.indexrelid
    WHERE t.relnamespace = 'public'::regnamespace AND t.relname = ANY($1) AND NOT i.indisunique AND NOT i.indisprimary
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
    UNION ALL
    SELECT 'foreign key', c.conname, format('ALTER TABLE %I ADD CONSTRAINT %I %s', t.relname, c.conname, pg_get_constraintdef(c.oid)),
      format('ALTER TABLE %I DROP CONSTRAINT %I', t.relname, c.conname)
    FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
    WHERE c.contype = 'f' AND t.relnamespace = 'public'::regnamespace AND t.relname = ANY($1)
    ORDER BY 1, 2`, [tables])
  for (const r of rows) await client.query(r.drop)
  return rows.map(({ kind, name, restore }) => ({ kind, name, restore }))
}

/** Puts back what `setAsideForBulkLoad` dropped: the indexes first, then the foreign keys (checked). */
export async function restoreAfterBulkLoad(client: pg.Client, aside: readonly SetAside[]): Promise<void> {
  for (const r of aside.filter((a) => a.kind === 'index')) await client.query(r.restore)
  for (const r of aside.filter((a) => a.kind === 'foreign key')) await client.query(r.restore)
}

/**
 * The triggers that rebuild an order's stored detail and a part's newest ledger page at commit
 * (migrations 0017, 0019), an elevator's last visit, periodic operations and inspection (0022,
 * 0025, 0027), its breakdowns' facts (0028) and its stored detail (0029, rebuilt for every
 * elevator by refresh_all_asset_visits), turned off for the loads
 * (millions of rows would each queue a rebuild) and on again after them; the loaded orders'
 * details are then marked stale, for the service to build in the background, the parts' pages
 * built at once (one per part), and every elevator's last visit and breakdown facts computed (set-based).
 */
export async function setDetailTriggers(client: pg.Client, enabled: boolean): Promise<void> {
  const { rows } = await client.query<{ statement: string }>(`
    SELECT format('ALTER TABLE %I ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER %I', c.relname, t.tgname) AS statement
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND (t.tgname LIKE '%\\_refresh\\_detail' OR t.tgname LIKE 'work\\_orders\\_%\\_refresh\\_visit'
        OR t.tgname LIKE 'checklist\\_items\\_%\\_refresh\\_visit' OR t.tgname LIKE '%\\_refresh\\_facts'
        OR t.tgname = 'asset_inspections_refresh_visit' OR t.tgname LIKE '%\\_refresh\\_asset\\_detail' OR t.tgname LIKE '%\\_stale\\_asset\\_detail')
      AND c.relnamespace = 'public'::regnamespace`)
  for (const r of rows) await client.query(r.statement)
  if (!enabled) return
  await client.query('INSERT INTO work_order_details (work_order_id) SELECT id FROM work_orders ON CONFLICT DO NOTHING')
  await client.query(`INSERT INTO part_ledger_heads (part_id, body, next_key)
    SELECT p.id, l.body, l.next_key FROM parts p, part_ledger_page(p.id, 'infinity', 'ffffffff-ffff-ffff-ffff-ffffffffffff', 20) l
    ON CONFLICT (part_id) DO UPDATE SET body = EXCLUDED.body, next_key = EXCLUDED.next_key, built_xid = NULL`)
  await client.query('SELECT refresh_all_asset_visits()')
  await client.query('SELECT refresh_all_breakdown_facts()')
}
