// seed:scale, the stock and the costs: suppliers, spare parts, three years of weekly purchase
// orders with their lines, the ledger of stock movements (the opening stock, receipts from the
// received orders, consumptions on finished work orders, yearly inventory adjustments), the
// labour lines of finished orders and documents metadata. Runs after the operations steps, in
// the same session: it reads their temporary tables (stage_wo, scale_asset).
//
// How the ledger stays consistent by construction: a part may be restocked every four weeks
// (parts staggered by week, so that each supplier gets an order every week). The receipt that
// opens a four-week period brings the part's consumptions up to the end of that period, in
// packs, less what earlier receipts brought beyond theirs (none when that covers it): received
// quantities always cover consumptions, so the balance never falls below the opening stock (at
// least 1) at any point in time, and the surplus stays under one pack. The yearly inventory
// adjustments go +, −, + by one or two units. A consumption is priced at the last receipt
// before it (the opening stock's price before any), the part's last unit price at that
// moment, as consumePart freezes it; prices rise about 3 % a year. The count of movements is
// exact: consumptions are staged for a receipt in every period, and as many as there are
// periods without one are split in two lines (same order, same part, same total).
import { arr, lit, v7 } from './scale-fleet.ts'
import type { ScaleSize } from './scale-size.ts'
import { catalogue, SUPPLIERS } from './scale-stock-data.ts'

const DAY = 86_400_000
const SLOTS = 100_000
const WEEK = 7 * DAY

/** The inventory adjustments of a part: weeks after the first restocking, and their signs. */
const ADJUSTMENTS = [{ week: 26, sign: 1 }, { week: 78, sign: -1 }, { week: 130, sign: 1 }]

/** The timeline shared by the steps and the counts (scale.ts prints them). */
export function stockCalendar(size: ScaleSize, now: Date) {
  // The first month of the grids, four weeks back, on a Monday at 10:00 UTC: the first
  // restocking period of every part starts then or within the three weeks that follow.
  const firstMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - size.months + 1, 1)
  const d = new Date(firstMonth - 28 * DAY)
  const monday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7), 10)
  const adjustments = ADJUSTMENTS.filter((a) => monday + a.week * WEEK + 3 * DAY + 5 * 3600_000 <= now.getTime())
  return { start: new Date(monday), buckets: Math.ceil((now.getTime() - monday) / (4 * WEEK)) + 2, adjustments }
}

export function stockSteps(size: ScaleSize, now: Date): [string, string][] {
  const at = `${lit(now.toISOString())}::timestamptz`
  const { start, buckets, adjustments } = stockCalendar(size, now)
  const B0 = `${lit(start.toISOString())}::timestamptz`
  const P = size.parts
  const S = SUPPLIERS.length
  const parts = catalogue(P)
  const manager = `(SELECT u.id FROM users u JOIN roles r ON r.id = u.role_id WHERE u.is_demo AND r.name = 'Gestionnaire')`
  const sup = (k: keyof (typeof SUPPLIERS)[number]) => arr(SUPPLIERS.map((s) => s[k]))
  const ints = (xs: number[]) => `ARRAY[${xs.join(', ')}]::int[]`
  // A part's price in week w (about 3 % a year).
  const price = (p: string, week: string) => `round(${p}.price * (1 + 0.0006 * (${week})))::int`
  const weekStart = (week: string) => `${B0} + (${week}) * interval '7 days'`
  // Consumptions needed to reach size.movements with the other kinds (receipts counted once staged).
  const others = P * (1 + adjustments.length)
  return [
    [`${S} suppliers, ${P} parts`, `
      CREATE TEMP TABLE scale_supplier AS SELECT i::int AS idx, ${v7(`${B0} - interval '30 days'`)} AS id FROM generate_series(1, ${S}) i;
      INSERT INTO partners (id, name, kind, contact_name, email, phone, address, is_active, created_at)
      SELECT s.id, d.name, 'SUPPLIER', d.contact, d.email, d.phone, d.address, true, ${B0} - interval '30 days'
      FROM scale_supplier s JOIN unnest(${sup('name')}, ${sup('contact')}, ${sup('email')}, ${sup('phone')}, ${sup('address')})
        WITH ORDINALITY AS d(name, contact, email, phone, address, idx) ON d.idx = s.idx;
      CREATE TEMP TABLE scale_part AS
      SELECT c.idx::int AS idx, ${v7(`${B0} - interval '3 days'`)} AS id, c.designation, c.price, c.pack, c.idx::int % 4 AS off, s.id AS supplier_id, s.idx AS supplier_idx,
        -- One part in twenty ends the run under its threshold: its opening stock is a single unit.
        CASE WHEN c.idx % 20 = 7 THEN greatest(c.threshold, c.pack + 3) ELSE c.threshold END AS threshold,
        CASE WHEN c.idx % 20 = 7 THEN 1 ELSE c.threshold + 2 * c.pack END AS opening,
        -- How often it is used: about inversely to its price (fuses, grease, rollers every day; drives
        -- and governors a few times a year, some never), give or take a factor of four.
        power(c.price, -1.3) * (0.3 + random()) AS weight
      FROM unnest(${arr(parts.map((p) => p.designation))}, ${ints(parts.map((p) => p.priceCents))}, ${ints(parts.map((p) => p.threshold))},
          ${ints(parts.map((p) => p.pack))}, ${ints(parts.map((p) => p.supplierSlot))}) WITH ORDINALITY AS c(designation, price, threshold, pack, slot, idx)
      JOIN scale_supplier s ON s.idx = 1 + c.slot % ${S};
      CREATE UNIQUE INDEX ON scale_part (idx);
      ANALYZE scale_supplier, scale_part;
      CREATE TEMP TABLE scale_slot AS
      SELECT s, idx AS part_idx FROM (SELECT idx, round(${SLOTS} * (sum(weight) OVER (ORDER BY idx) - weight) / sum(weight) OVER ())::int AS lo,
          round(${SLOTS} * sum(weight) OVER (ORDER BY idx) / sum(weight) OVER ())::int AS hi FROM scale_part) x
      CROSS JOIN LATERAL generate_series(x.lo, x.hi - 1) s;
      CREATE UNIQUE INDEX ON scale_slot (s);
      ANALYZE scale_slot;
      INSERT INTO parts (id, reference, number, designation, reorder_threshold, supplier_id, created_at, updated_at)
      SELECT id, 'P-' || lpad(n::text, greatest(6, length(n::text)), '0'), n, designation, threshold, supplier_id, ${B0} - interval '3 days', ${B0} - interval '3 days'
      FROM (SELECT nextval('part_number_seq') AS n, p.* FROM scale_part p ORDER BY p.idx) x`],
    // Periods run two weeks ahead: orders due next week are sent, the week after still drafts.
    // A consumption draws one of SLOTS slots, shared out among the parts by weight (a part used
    // 2 % of the time has 2,000 of them). The price of the day in each period: its receipt's,
    // else the last one before, else the opening stock's.
    [`restocking periods, consumptions (${size.movements} movements in all)`, `
      CREATE TEMP TABLE stage_bucket AS
      SELECT p.idx AS part_idx, p.id AS part_id, p.supplier_id, p.supplier_idx, p.pack, b, 4 * b + p.off AS week, ${price('p', '4 * b + p.off')} AS price,
        ${weekStart('4 * b + p.off')} - interval '2 hours' + p.supplier_idx * interval '3 minutes' AS due_at, 0 AS consumed, 0 AS received
      FROM scale_part p CROSS JOIN generate_series(0, ${buckets}) b
      WHERE ${weekStart('4 * b + p.off')} - interval '2 hours' <= ${at} + interval '16 days';
      CREATE UNIQUE INDEX ON stage_bucket (part_idx, b);
      ANALYZE stage_bucket;
      CREATE TEMP TABLE stage_cons AS
      WITH done AS (SELECT id, type, tech, started_at, completed_at FROM stage_wo WHERE status = 'DONE' AND tech IS NOT NULL),
      need AS (SELECT ${size.movements - others} - (SELECT count(*) FROM stage_bucket WHERE due_at <= ${at})::int AS n),
      -- Candidates per finished order (a breakdown takes three times what a monthly visit does), about 1.3 times the need, of which a random sample is kept.
      rate AS (SELECT 1.3 * n / greatest(1, (SELECT count(*) FILTER (WHERE type = 'PREVENTIVE') + 3 * count(*) FILTER (WHERE type = 'CORRECTIVE') FROM done)) AS per FROM need)
      SELECT row_number() OVER () AS n, x.work_order_id, x.actor_id, x.at, x.qty, p.idx AS part_idx, p.id AS part_id, bk.b
      FROM (SELECT d.id AS work_order_id, d.tech AS actor_id, floor(c.r1 * ${SLOTS})::int AS slot,
          d.completed_at - (d.completed_at - d.started_at) * (0.1 + 0.7 * c.r3) AS at, c.r2
        FROM done d CROSS JOIN rate
        CROSS JOIN LATERAL generate_series(1, floor(random() * 2 * rate.per * CASE d.type WHEN 'CORRECTIVE' THEN 3 ELSE 1 END + 0.5)::int) k
        CROSS JOIN LATERAL (SELECT random() AS o, random() AS r1, random() AS r2, random() AS r3, k) c
        ORDER BY c.o LIMIT (SELECT n FROM need)) y
      JOIN scale_slot sl ON sl.s = y.slot JOIN scale_part p ON p.idx = sl.part_idx
      -- A period starts at its receipt (every four weeks from the first): a consumption after it is priced at it.
      JOIN stage_bucket bk0 ON bk0.part_idx = p.idx AND bk0.b = 0
      CROSS JOIN LATERAL (SELECT 1 + floor(y.r2 * y.r2 * y.r2 * least(p.pack, 10))::int AS qty, y.work_order_id, y.actor_id, y.at) x
      JOIN stage_bucket bk ON bk.part_idx = p.idx AND bk.b = floor(extract(epoch FROM x.at - bk0.due_at) / (4 * 604800))::int;
      UPDATE stage_bucket bk SET consumed = c.q FROM (SELECT part_idx, b, sum(qty)::int AS q FROM stage_cons GROUP BY 1, 2) c
      WHERE bk.part_idx = c.part_idx AND bk.b = c.b;
      UPDATE stage_bucket bk SET received = r.q FROM (
        SELECT part_idx, b, (ceil(cum / pack) * pack - ceil((cum - consumed) / pack) * pack)::int AS q
        FROM (SELECT part_idx, b, pack, consumed, sum(consumed) OVER (PARTITION BY part_idx ORDER BY b)::numeric AS cum FROM stage_bucket) x) r
      WHERE bk.part_idx = r.part_idx AND bk.b = r.b AND bk.due_at <= ${at};
      CREATE TEMP TABLE stage_split AS SELECT n FROM stage_cons WHERE qty >= 2 ORDER BY random()
        LIMIT (SELECT count(*) FILTER (WHERE received = 0) FROM stage_bucket WHERE due_at <= ${at});
      UPDATE stage_cons SET qty = qty - 1 WHERE n IN (SELECT n FROM stage_split);
      INSERT INTO stage_cons SELECT c.n + ${size.movements}, c.work_order_id, c.actor_id, c.at, 1, c.part_idx, c.part_id, c.b
      FROM stage_cons c JOIN stage_split s ON s.n = c.n;
      ALTER TABLE stage_bucket ADD COLUMN price_of_day int;
      UPDATE stage_bucket bk SET price_of_day = coalesce(r.price, ${price('p', '0')})
      FROM (SELECT part_idx, b, max(b) FILTER (WHERE received > 0) OVER (PARTITION BY part_idx ORDER BY b) AS last FROM stage_bucket) x
      JOIN scale_part p ON p.idx = x.part_idx LEFT JOIN stage_bucket r ON r.part_idx = x.part_idx AND r.b = x.last
      WHERE bk.part_idx = x.part_idx AND bk.b = x.b;
      ANALYZE stage_bucket, stage_cons`],
    ['purchase orders and lines', `
      CREATE TEMP TABLE stage_po AS
      SELECT ${v7('created_at')} AS id, * FROM (
        SELECT supplier_id, supplier_idx, week, false AS cancelled, due_at,
          least(due_at - interval '9 days' + supplier_idx * interval '17 minutes', ${at} - interval '2 hours') AS created_at
        FROM (SELECT supplier_id, supplier_idx, week, min(due_at) AS due_at FROM stage_bucket GROUP BY 1, 2, 3) w
        UNION ALL
        -- About one week in thirty, an order placed twice: the first one cancelled before it was sent.
        SELECT supplier_id, supplier_idx, week, true, due_at, due_at - interval '12 days'
        FROM (SELECT supplier_id, supplier_idx, week, min(due_at) AS due_at FROM stage_bucket GROUP BY 1, 2, 3) w
        WHERE due_at <= ${at} AND (week * 7 + supplier_idx * 3) % 31 = 0) x;
      ALTER TABLE stage_po ADD COLUMN status text, ADD COLUMN sent_at timestamptz, ADD COLUMN received_at timestamptz, ADD COLUMN cancelled_at timestamptz;
      UPDATE stage_po SET
        status = CASE WHEN cancelled THEN 'CANCELLED' WHEN due_at <= ${at} THEN 'RECEIVED' WHEN created_at + interval '1 day' <= ${at} THEN 'SENT' ELSE 'DRAFT' END,
        sent_at = CASE WHEN NOT cancelled AND (due_at <= ${at} OR created_at + interval '1 day' <= ${at}) THEN created_at + interval '1 day' END,
        received_at = CASE WHEN NOT cancelled AND due_at <= ${at} THEN due_at END,
        cancelled_at = CASE WHEN cancelled THEN created_at + interval '2 days' END;
      CREATE TEMP TABLE stage_line AS
      SELECT ${v7('o.created_at')} AS id, o.id AS purchase_order_id, o.status, o.received_at,
        row_number() OVER (PARTITION BY o.id ORDER BY bk.part_idx)::int AS position, bk.part_idx, bk.part_id, bk.b, bk.price,
        -- Received: the period's consumptions rounded up to the pack; ahead: the part's average period.
        CASE WHEN o.cancelled THEN 2 ELSE 1 END * CASE WHEN bk.due_at <= ${at} THEN bk.received ELSE bk.pack * round(a.avg_consumed / bk.pack) END::int AS quantity
      FROM stage_po o JOIN stage_bucket bk ON bk.supplier_idx = o.supplier_idx AND bk.week = o.week
      JOIN (SELECT part_idx, avg(consumed) AS avg_consumed FROM stage_bucket WHERE due_at <= ${at} GROUP BY 1) a ON a.part_idx = bk.part_idx
      WHERE CASE WHEN bk.due_at <= ${at} THEN bk.received ELSE round(a.avg_consumed / bk.pack) END > 0;
      DELETE FROM stage_po o WHERE NOT EXISTS (SELECT 1 FROM stage_line l WHERE l.purchase_order_id = o.id);
      INSERT INTO purchase_orders (id, reference, number, supplier_id, status, note, total_cents, created_by, created_at, sent_at, received_at, cancelled_at, updated_at)
      SELECT x.id, 'BC-' || lpad(x.n::text, greatest(6, length(x.n::text)), '0'), x.n, x.supplier_id, x.status, CASE WHEN x.cancelled THEN 'Commande passée deux fois : doublon annulé.' END,
        t.total, ${manager}, x.created_at, x.sent_at, x.received_at, x.cancelled_at, greatest(x.created_at, x.sent_at, x.received_at, x.cancelled_at)
      FROM (SELECT nextval('purchase_order_number_seq') AS n, s.* FROM stage_po s ORDER BY s.created_at, s.id) x
      JOIN (SELECT purchase_order_id, sum(quantity::bigint * price) AS total FROM stage_line GROUP BY 1) t ON t.purchase_order_id = x.id;
      INSERT INTO purchase_order_lines (id, purchase_order_id, position, part_id, quantity, unit_price_cents, received_quantity)
      SELECT id, purchase_order_id, position, part_id, quantity, price, CASE WHEN status = 'RECEIVED' THEN quantity ELSE 0 END FROM stage_line`],
    // The quantity trigger of migration 0006 updates the part's row once per movement: a
    // million updates of 2,000 rows in one transaction take minutes (measured: 21.6 s for
    // 200,000 rows, 20.7 s for a million without it). So, in one transaction: the trigger is
    // off for the bulk insert, then each part's quantity is set to the sum of its ledger (the
    // check quantity >= 0 applies to that update), and the trigger is on again before commit:
    // no other session ever sees a quantity that is not its ledger's sum, and every later
    // movement goes through the trigger. The running balance never goes below zero by
    // construction (header of this file); scale.test.ts checks both.
    [`${size.movements} stock movements (trigger off, quantities from the ledger)`, `
      BEGIN;
      ALTER TABLE stock_movements DISABLE TRIGGER stock_movements_apply;
      INSERT INTO stock_movements (id, part_id, kind, quantity, unit_price_cents, reason, actor_id, work_order_id, purchase_order_id, purchase_order_line_id, created_at)
      SELECT ${v7('m.created_at')}, m.part_id, m.kind, m.quantity, m.price, m.reason, m.actor_id, m.work_order_id, m.purchase_order_id, m.line_id, m.created_at
      FROM (
        SELECT p.id AS part_id, 'MANUAL' AS kind, p.opening AS quantity, ${price('p', '0')} AS price, 'Stock d’ouverture (inventaire initial)' AS reason,
          ${manager} AS actor_id, NULL::uuid AS work_order_id, NULL::uuid AS purchase_order_id, NULL::uuid AS line_id, ${B0} - interval '2 days' AS created_at
        FROM scale_part p
        UNION ALL
        SELECT p.id, 'ADJUSTMENT', a.sign * (1 + p.idx % 2 * (a.sign + 1) / 2), ${price('p', 'a.week')}, 'Inventaire annuel : écart constaté',
          ${manager}, NULL, NULL, NULL, ${weekStart('a.week')} + interval '3 days 5 hours'
        FROM scale_part p CROSS JOIN unnest(${ints(adjustments.map((a) => a.week))}, ${ints(adjustments.map((a) => a.sign))}) AS a(week, sign)
        UNION ALL
        SELECT l.part_id, 'RECEIPT', l.quantity, l.price, NULL, ${manager}, NULL, l.purchase_order_id, l.id, l.received_at
        FROM stage_line l WHERE l.status = 'RECEIVED'
        UNION ALL
        SELECT c.part_id, 'CONSUMPTION', -c.qty, bk.price_of_day, NULL, c.actor_id, c.work_order_id, NULL, NULL, c.at
        FROM stage_cons c JOIN stage_bucket bk ON bk.part_idx = c.part_idx AND bk.b = c.b
      ) m ORDER BY m.created_at;
      UPDATE parts p SET quantity = l.q, last_unit_price_cents = r.price, updated_at = r.at
      FROM (SELECT part_id, sum(quantity)::int AS q FROM stock_movements GROUP BY 1) l,
        (SELECT DISTINCT ON (part_id) part_id, unit_price_cents AS price, created_at AS at
          FROM stock_movements WHERE kind IN ('RECEIPT', 'MANUAL') ORDER BY part_id, created_at DESC) r
      WHERE l.part_id = p.id AND r.part_id = p.id;
      ALTER TABLE stock_movements ENABLE TRIGGER stock_movements_apply;
      COMMIT`],
    ['labour lines of finished orders', `
      INSERT INTO work_order_labor (id, work_order_id, user_id, worked_on, minutes, hourly_rate_cents, created_by, created_at)
      SELECT ${v7('w.completed_at')}, w.id, u.id, (w.completed_at AT TIME ZONE 'UTC')::date,
        least(1440, greatest(15, round(extract(epoch FROM w.completed_at - w.started_at) / 60 / 5) * 5))::int, u.hourly_rate_cents, w.tech, w.completed_at
      FROM stage_wo w CROSS JOIN LATERAL (VALUES (w.tech), (CASE WHEN w.tech2 <> w.tech THEN w.tech2 END)) t(user_id)
      JOIN users u ON u.id = t.user_id
      WHERE w.status = 'DONE' AND u.hourly_rate_cents IS NOT NULL`],
    // Rows only, for listings and the bench: nothing is written to the storage, so downloading
    // one of these answers 404 « Fichier introuvable dans le stockage. » (README, Scale dataset).
    // Out of the assistant's corpus: with no file behind them, a re-indexing would count 7,500
    // unreadable PDFs; the corpus's manuals are real files (scale-manuals.ts).
    ['documents metadata (no files)', `
      INSERT INTO documents (id, asset_id, work_order_id, kind, file_name, content_type, size_bytes, sha256, storage_key, in_corpus, uploaded_by, created_at)
      SELECT d.id, d.asset_id, d.work_order_id, d.kind, d.file_name, d.content_type, d.size_bytes, encode(sha256(uuid_send(d.id)), 'hex'),
        'documents/' || d.id, false, d.uploaded_by, d.created_at
      FROM (
        SELECT ${v7('x.created_at')} AS id, x.* FROM (
          SELECT a.id AS asset_id, NULL::uuid AS work_order_id, k.kind, k.file_name || ' ' || a.reference || '.pdf' AS file_name, 'application/pdf' AS content_type,
            (200000 + floor(random() * 8000000))::bigint AS size_bytes, ${manager} AS uploaded_by, a.created_at + k.n * interval '1 day' AS created_at
          FROM assets a JOIN scale_asset s ON s.id = a.id
          CROSS JOIN LATERAL (VALUES (1, 'MANUAL', 'Notice de maintenance ' || a.brand || ' ' || coalesce(a.model, '')),
            (2, CASE WHEN s.idx % 2 = 0 THEN 'WIRING_DIAGRAM' END, 'Schéma électrique'),
            (3, CASE WHEN s.idx % 3 = 0 THEN 'CERTIFICATE' END, 'Rapport de contrôle technique quinquennal')) k(n, kind, file_name)
          WHERE k.kind IS NOT NULL
          UNION ALL
          SELECT NULL, w.id, CASE WHEN r < 0.04 THEN 'PHOTO' ELSE 'REPORT' END,
            CASE WHEN r < 0.04 THEN 'Photo ' || o.reference || '.jpg' ELSE 'Rapport d’intervention ' || o.reference || '.pdf' END,
            CASE WHEN r < 0.04 THEN 'image/jpeg' ELSE 'application/pdf' END, (300000 + floor(random() * 4000000))::bigint, w.tech, w.completed_at
          FROM (SELECT *, random() AS r FROM stage_wo WHERE status = 'DONE' AND type = 'CORRECTIVE') w JOIN work_orders o ON o.id = w.id
          WHERE w.r < 0.05) x) d`],
  ]
}
