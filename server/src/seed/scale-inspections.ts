// The fleet's five-yearly technical inspections at scale (issue 18 §7): one per elevator,
// spread over the last five years, but one elevator in 53 whose last inspection is past five
// years (overdue); those and one elevator in nine have findings: the elevator's first two
// corrective orders opened after the inspection are its findings (remedied when done), so
// that the counts, the fleet's lists and the carnets have them in proportion, at every size.
import { arr, lit, v7 } from './scale-fleet.ts'
import type { ScaleSize } from './scale-size.ts'

const BODIES = ['Bureau Veritas', 'Apave', 'Dekra', 'Socotec', 'Qualiconsult']

export function inspectionSteps(size: ScaleSize, now: Date): [string, string][] {
  const at = `${lit(now.toISOString())}::timestamptz`
  return [[`${size.assets} technical inspections, their findings`, `
    INSERT INTO asset_inspections (id, asset_id, inspected_at, body, created_at)
    SELECT ${v7('x.inspected_at')}, x.asset_id, x.inspected_at, (${arr(BODIES)})[1 + x.idx % ${BODIES.length}], least(x.inspected_at + interval '2 days', ${at})
    FROM (SELECT a.id AS asset_id, a.idx,
        CASE WHEN a.idx % 53 = 5 THEN ${at} - interval '5 years' - (10 + a.idx % 200) * interval '1 day'
          ELSE ${at} - (30 + (a.idx * 37) % 1700) * interval '1 day' END AS inspected_at
      FROM scale_asset a) x;
    ANALYZE asset_inspections;
    UPDATE work_orders w SET inspection_id = f.inspection_id
    FROM (SELECT i.id AS inspection_id, o.id AS order_id, row_number() OVER (PARTITION BY i.id ORDER BY o.created_at, o.id) AS k
        FROM asset_inspections i JOIN scale_asset a ON a.id = i.asset_id
          JOIN work_orders o ON o.asset_id = i.asset_id AND o.type = 'CORRECTIVE' AND o.created_at >= i.inspected_at
        WHERE a.idx % 9 = 1 OR a.idx % 53 = 5) f
    WHERE w.id = f.order_id AND f.k <= 2`]]
}
