// seed:scale, the daily operations: three years of monthly preventive grids on every elevator
// and the breakdowns that make up the rest of the work orders, with assignees, checklists,
// coded reports with their notes (scale-notes.ts) and the activity log of each step; then the
// requests (approved ones linked to a breakdown, rejected, pending). Orders and requests are
// staged in temporary tables first, so that references can be handed out by nextval in order
// of creation, as the conventions say (docs/work-orders.md), in one INSERT … SELECT each.
import { BREAKDOWNS, CANCEL_REASONS, PORTAL_CONTACTS, REJECTION_REASONS } from './demo-operations-data.ts'
import { arr, lit, v7 } from './scale-fleet.ts'
import { notesStep } from './scale-notes.ts'
import type { ScaleSize } from './scale-size.ts'

export function operationSteps(size: ScaleSize, now: Date): [string, string][] {
  const at = `${lit(now.toISOString())}::timestamptz`
  const { assets: A, months: P, technicians: T, dispatchers: D } = size
  const grids = A * P
  const correctives = size.workOrders - grids
  const approved = Math.min(correctives, Math.round(size.requests * 0.75))
  const rejected = Math.round(size.requests * 0.2)
  const pending = size.requests - approved - rejected
  // The last week's breakdowns, still being dealt with in every state (besides older ones).
  const recent = Math.max(20, Math.round(correctives * 0.01))
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth()
  const says = arr(BREAKDOWNS.map((b) => b.says.replace('{floor}', '3e étage')))
  const rv = (field: string, n: string) => `rv.${field}[1 + (${n}) % array_length(rv.${field}, 1)]`
  const monthStart = (m: string) => `make_timestamptz((${m}) / 12, (${m}) % 12 + 1, 1, 0, 0, 0, 'UTC')`
  const tech = (site: string) => `(SELECT user_id FROM scale_tech WHERE idx = (${site} - 1) % ${T})`
  const priorityRank = `CASE priority WHEN 'LOW' THEN 1 WHEN 'NORMAL' THEN 2 WHEN 'HIGH' THEN 3 ELSE 4 END`
  const dispatcher = (n: string) => `(SELECT user_id FROM scale_dispatcher WHERE idx = (${n}) % ${D})`

  return [
    // Last month's late grids (one elevator in 67 left open, one more still in progress) are
    // picked by elevator, not drawn: every size, down to the tests' few elevators, has some,
    // whatever the day of the month (this month's are mostly done by its end). The first of
    // them has the two months before and this month's open too: past six weeks without a visit
    // whatever the day (issue 18).
    [`stage ${grids} grids, ${correctives} breakdowns`, `
      CREATE TEMP TABLE scale_rv AS SELECT ${['SYMPTOM', 'COMPONENT', 'CAUSE', 'ACTION', 'RESULT', 'CIRCUMSTANCE'].map((f) =>
        `array_agg(id ORDER BY position) FILTER (WHERE field = '${f}') AS ${f.toLowerCase()}`).join(', ')} FROM reference_values WHERE is_active;
      CREATE TEMP TABLE scale_task AS SELECT id, label, periodicity_months AS p, row_number() OVER (ORDER BY periodicity_months, lower(label), id)::int AS pos FROM task_templates WHERE is_active;
      ANALYZE scale_rv, scale_task;
      CREATE TEMP TABLE stage_wo (
        id uuid, type text, status text, priority text, person_blocked boolean, asset_id uuid, site_idx int, anchor_month int, month_idx int,
        description text, due_at timestamptz, created_by uuid, requester_id uuid, requester_name text, cancel_reason text,
        created_at timestamptz, assigned_at timestamptz, started_at timestamptz, hold_at timestamptz, completed_at timestamptz, cancelled_at timestamptz,
        released_at timestamptz, arrived_at timestamptz, left_at timestamptz, period_key text, first_control boolean DEFAULT false, tech uuid, tech2 uuid, dispatcher uuid,
        symptom uuid, component uuid, cause uuid, action uuid, result uuid, circumstance uuid, report_updated_at timestamptz,
        from_request boolean DEFAULT false, req_portal boolean, req_created_at timestamptz, req_contact text);
      INSERT INTO stage_wo (id, type, status, priority, person_blocked, asset_id, site_idx, anchor_month, month_idx, due_at, created_at, assigned_at,
        started_at, completed_at, period_key, first_control, tech, dispatcher, symptom, component, cause, action, result, circumstance, report_updated_at)
      SELECT ${v7('g.created_at')}, 'PREVENTIVE', g.status, 'NORMAL', false, g.asset_id, g.site_idx, g.anchor_month, g.month_idx,
        ${monthStart('g.month_idx + 1')} - interval '1 millisecond', g.created_at, least(g.month_start + interval '7 hours 30 minutes' + g.r4 * interval '1 hour', ${at}),
        CASE WHEN g.status <> 'OPEN' THEN g.visit END, CASE WHEN g.status = 'DONE' THEN g.visit + (45 + g.r4 * 75) * interval '1 minute' END,
        to_char(g.month_start AT TIME ZONE 'UTC', 'YYYY-MM'), g.k = 0, ${tech('g.site_idx')}, ${dispatcher('g.asset_idx + g.k')},
        ${['symptom', 'component', 'cause', 'action', 'result'].map((f, i) => `CASE WHEN g.status = 'DONE' THEN ${rv(f, `g.asset_idx * ${i + 3} + g.k`)} END`).join(', ')},
        CASE WHEN g.status = 'DONE' THEN (SELECT id FROM reference_values WHERE field = 'CIRCUMSTANCE' AND label = 'Visite préventive') END,
        CASE WHEN g.status = 'DONE' THEN g.visit + (36 + g.r4 * 60) * interval '1 minute' END
      FROM (SELECT *, CASE
            WHEN visit + interval '2 hours' <= ${at} AND NOT (month_idx = ${current - 1} AND asset_idx % 67 IN (1, 2))
              AND NOT (month_idx >= ${current - 2} AND asset_idx % 67 = 1) THEN 'DONE'
            WHEN visit <= ${at} AND NOT (month_idx >= ${current - 2} AND asset_idx % 67 = 1) THEN 'IN_PROGRESS'
            ELSE 'OPEN' END AS status
          FROM (SELECT *, least(month_start + interval '5 minutes', ${at}) AS created_at,
              month_start + floor(1 + r1 * 26) * interval '1 day' + interval '7 hours' + r2 * interval '8 hours' AS visit
            FROM (SELECT a.idx AS asset_idx, a.id AS asset_id, a.site_idx, a.anchor_month, k, ${current - P + 1} + k AS month_idx,
                ${monthStart(`${current - P + 1} + k`)} AS month_start, random() AS r1, random() AS r2, random() AS r3, random() AS r4
              FROM scale_asset a CROSS JOIN generate_series(0, ${P - 1}) k) x) y) g CROSS JOIN scale_rv rv;
      INSERT INTO stage_wo (id, type, status, priority, person_blocked, asset_id, site_idx, description, due_at, created_by, requester_name, cancel_reason,
        created_at, assigned_at, started_at, hold_at, completed_at, cancelled_at, released_at, tech, tech2, dispatcher,
        symptom, component, cause, action, result, circumstance, report_updated_at)
      SELECT ${v7('c.created_at')}, 'CORRECTIVE', c.status, c.priority, c.blocked, a.id, a.site_idx, (${says})[1 + c.n % ${BREAKDOWNS.length}],
        c.created_at + CASE c.priority WHEN 'URGENT' THEN interval '1 hour' WHEN 'HIGH' THEN interval '1 day' WHEN 'NORMAL' THEN interval '3 days' ELSE interval '7 days' END,
        c.dispatcher, 'Gardien, site ' || a.site_idx, CASE WHEN c.status = 'CANCELLED' THEN (${arr(CANCEL_REASONS)})[1 + c.n % ${CANCEL_REASONS.length}] END,
        c.created_at, CASE WHEN c.assigned THEN c.created_at + least(interval '5 minutes', (${at} - c.created_at) / 4) END,
        c.started_at, CASE WHEN c.status = 'ON_HOLD' THEN c.started_at + (${at} - c.started_at) / 2 END, c.completed_at,
        CASE WHEN c.status = 'CANCELLED' THEN c.created_at + least(interval '2 hours' + c.r5 * interval '20 hours', (${at} - c.created_at) / 2) END,
        CASE WHEN c.blocked AND c.status = 'DONE' THEN c.started_at + (c.completed_at - c.started_at) / 4 END,
        CASE WHEN c.assigned THEN ${tech('a.site_idx')} END, CASE WHEN c.assigned AND c.r6 < 0.25 THEN ${tech('a.site_idx + 1')} END, c.dispatcher,
        CASE WHEN c.started_at IS NOT NULL THEN ${rv('symptom', 'c.n')} END, CASE WHEN c.started_at IS NOT NULL THEN ${rv('component', 'c.n * 3')} END,
        ${['cause', 'action', 'result', 'circumstance'].map((f, i) => `CASE WHEN c.status = 'DONE' THEN ${rv(f, `c.n * ${i + 5}`)} END`).join(', ')},
        CASE WHEN c.status = 'DONE' THEN c.started_at + (c.completed_at - c.started_at) * 0.8 WHEN c.started_at IS NOT NULL THEN c.started_at + (${at} - c.started_at) / 4 END
      FROM (SELECT *, CASE WHEN status = 'DONE' THEN started_at + least(interval '30 minutes' + r5 * interval '150 minutes', (${at} - started_at) / 2) END AS completed_at
        FROM (SELECT *, CASE WHEN status IN ('IN_PROGRESS', 'ON_HOLD', 'DONE') THEN created_at + least(interval '20 minutes' + r4 * interval '30 hours', (${at} - created_at) / 3) END AS started_at,
            ${dispatcher('n')} AS dispatcher, status <> 'OPEN' OR r6 < 0.7 AS assigned
          FROM (SELECT *, CASE WHEN blocked THEN 'URGENT' WHEN r3 < 0.15 THEN 'LOW' WHEN r3 < 0.7 THEN 'NORMAL' WHEN r3 < 0.95 THEN 'HIGH' ELSE 'URGENT' END AS priority,
              CASE WHEN created_at < ${at} - interval '7 days' THEN CASE WHEN r1 < 0.07 THEN 'CANCELLED' ELSE 'DONE' END
                ELSE (ARRAY['OPEN', 'IN_PROGRESS', 'ON_HOLD', 'DONE', 'CANCELLED'])[1 + n % 5] END AS status
            FROM (SELECT n, 1 + floor(random() * ${A})::int AS asset_idx,
                ${at} - random() * CASE WHEN n <= ${recent} THEN interval '7 days' ELSE interval '${P * 30} days' END AS created_at,
                random() < 0.02 AS blocked, random() AS r1, random() AS r3, random() AS r4, random() AS r5, random() AS r6
              FROM generate_series(1, ${correctives}) n) s) p) q) c
      JOIN scale_asset a ON a.idx = c.asset_idx CROSS JOIN scale_rv rv;
      UPDATE stage_wo w SET from_request = true, req_portal = x.portal, req_created_at = w.created_at - (5 + x.r * 175) * interval '1 minute',
        req_contact = CASE WHEN x.portal THEN (${arr(PORTAL_CONTACTS.map((c) => c.name))})[1 + floor(x.r * ${PORTAL_CONTACTS.length})::int] END,
        requester_id = CASE WHEN NOT x.portal THEN r.user_id END
      FROM (SELECT id, p < 0.3 AS portal, r FROM (SELECT id, random() AS o, random() AS p, random() AS r FROM stage_wo WHERE type = 'CORRECTIVE') y ORDER BY o LIMIT ${approved}) x, scale_requester r
      WHERE w.id = x.id AND r.site_idx = w.site_idx;
      UPDATE stage_wo SET requester_name = req_contact WHERE from_request;
      -- Breakdown times (issue 18): the technician taps « Arrivé sur place » as he starts and
      -- « Départ » as he finishes, so call → arrival and call → release have data.
      UPDATE stage_wo SET arrived_at = started_at, left_at = completed_at WHERE type = 'CORRECTIVE' AND started_at IS NOT NULL;
      ANALYZE stage_wo`],
    notesStep(size),
    // Each order's listed row (migration 0013) is built once, by its insert trigger, with its
    // assignees already there: they are written first, while the foreign keys are set aside
    // (bulk-load.ts), their order's key copied from the staging (the assignment's own triggers
    // would read an order not yet written). Inserting the orders first and rebuilding their
    // rows after the assignees rewrote 880,000 wide rows at SCALE_FACTOR=4.
    // References keep every digit past 999,999 (lpad alone would cut OT-1000000 to OT-100000).
    [`insert ${size.workOrders} work orders (OT- from the sequence) with their assignees`, `
      ALTER TABLE work_order_assignees DISABLE TRIGGER work_order_assignees_take_triage;
      ALTER TABLE work_order_assignees DISABLE TRIGGER work_order_assignees_rebuild_list_row;
      INSERT INTO work_order_assignees (work_order_id, user_id, created_at, person_blocked, priority_rank, order_created_at)
      SELECT id, t.user_id, assigned_at, person_blocked, ${priorityRank}, created_at
      FROM stage_wo CROSS JOIN LATERAL (SELECT tech UNION SELECT tech2) t(user_id) WHERE t.user_id IS NOT NULL;
      -- Each order's trigger reads its assignees: planned from statistics that know they are there.
      ANALYZE work_order_assignees;
      INSERT INTO work_orders (id, reference, number, type, status, priority, priority_rank, person_blocked, asset_id, description, due_at, created_by,
        requester_id, requester_name, cancel_reason, started_at, completed_at, cancelled_at, released_at, arrived_at, left_at, period_key, first_control,
        report_symptom_id, report_component_id, report_cause_id, report_action_id, report_result_id, report_circumstance_id,
        report_notes, report_updated_at, report_updated_by, created_at, updated_at)
      SELECT id, 'OT-' || lpad(n::text, greatest(6, length(n::text)), '0'), n, type, status, priority, ${priorityRank},
        person_blocked, asset_id, description, due_at, created_by, requester_id, requester_name, cancel_reason, started_at, completed_at, cancelled_at,
        released_at, arrived_at, left_at, period_key, first_control, symptom, component, cause, action, result, circumstance,
        notes, report_updated_at, CASE WHEN report_updated_at IS NOT NULL THEN tech END, created_at,
        greatest(created_at, assigned_at, started_at, hold_at, report_updated_at, completed_at, cancelled_at)
      FROM (SELECT nextval('work_order_number_seq') AS n, s.* FROM stage_wo s ORDER BY s.created_at, s.id) x;
      ALTER TABLE work_order_assignees ENABLE TRIGGER work_order_assignees_take_triage;
      ALTER TABLE work_order_assignees ENABLE TRIGGER work_order_assignees_rebuild_list_row;`],
    ['checklists', `
      INSERT INTO checklist_items (id, work_order_id, task_template_id, label, position, status, updated_by, updated_at)
      SELECT ${v7('w.created_at')}, w.id, t.id, t.label, t.pos, CASE WHEN x.ticked THEN 'DONE' ELSE 'TODO' END, CASE WHEN x.ticked THEN w.tech END,
        CASE WHEN x.ticked THEN w.started_at + (coalesce(w.completed_at, ${at}) - w.started_at) * (t.pos / 20.0) END
      FROM stage_wo w JOIN scale_task t ON w.first_control OR t.p = 1 OR (w.month_idx - w.anchor_month) % t.p = 0
      CROSS JOIN LATERAL (SELECT w.status = 'DONE' OR (w.status = 'IN_PROGRESS' AND t.pos <= 2) AS ticked) x
      WHERE w.type = 'PREVENTIVE'
      ORDER BY 1`],
    ['activity log', `
      INSERT INTO work_order_events (id, work_order_id, kind, actor_id, at, payload)
      SELECT ${v7('e.at', 'e.seq')}, w.id, e.kind, e.actor, e.at, e.payload
      FROM stage_wo w LEFT JOIN (SELECT work_order_id, count(*)::int AS n FROM checklist_items GROUP BY 1) c ON c.work_order_id = w.id
      CROSS JOIN LATERAL (VALUES
        (0, CASE w.type WHEN 'PREVENTIVE' THEN 'GENERATED' ELSE 'CREATED' END, w.created_by, w.created_at,
          CASE w.type WHEN 'PREVENTIVE' THEN jsonb_build_object('periodKey', w.period_key, 'firstControl', w.first_control, 'taskCount', coalesce(c.n, 0)) ELSE '{}'::jsonb END),
        (2, 'ASSIGNEES_CHANGED', w.dispatcher, CASE WHEN w.tech IS NOT NULL THEN w.assigned_at END,
          jsonb_build_object('added', to_jsonb(CASE WHEN w.tech2 IS NULL OR w.tech2 = w.tech THEN ARRAY[w.tech] ELSE ARRAY[w.tech, w.tech2] END), 'removed', '[]'::jsonb)),
        (3, 'STATUS_CHANGED', w.tech, w.started_at, jsonb_build_object('from', 'OPEN', 'to', 'IN_PROGRESS')),
        (4, 'REPORT_UPDATED', w.tech, w.report_updated_at, jsonb_build_object('fields', to_jsonb(CASE WHEN w.cause IS NULL THEN ARRAY['SYMPTOM', 'COMPONENT']
          ELSE ARRAY['SYMPTOM', 'COMPONENT', 'CAUSE', 'ACTION', 'RESULT', 'CIRCUMSTANCE'] END))),
        (5, 'STATUS_CHANGED', w.tech, w.hold_at, jsonb_build_object('from', 'IN_PROGRESS', 'to', 'ON_HOLD', 'reason', 'En attente de pièce')),
        (6, 'STATUS_CHANGED', w.tech, w.completed_at, jsonb_build_object('from', 'IN_PROGRESS', 'to', 'DONE')
          || CASE WHEN w.released_at IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('releasedAt', to_char(w.released_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) END),
        (7, 'STATUS_CHANGED', w.dispatcher, w.cancelled_at, jsonb_build_object('from', 'OPEN', 'to', 'CANCELLED', 'reason', w.cancel_reason)),
        (8, 'TIMES_RECORDED', w.tech, w.arrived_at, jsonb_build_object('times', jsonb_build_array(jsonb_build_object('field', 'arrivedAt', 'from', NULL,
          'to', to_char(w.arrived_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))))),
        (9, 'TIMES_RECORDED', w.tech, w.left_at, jsonb_build_object('times', jsonb_build_array(jsonb_build_object('field', 'leftAt', 'from', NULL,
          'to', to_char(w.left_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))))
      ) e(seq, kind, actor, at, payload)
      WHERE e.at IS NOT NULL
      -- In key order: the primary key's index then grows at its end instead of everywhere.
      ORDER BY 1`],
    [`${size.requests} requests (DEM- from the sequence), REQUEST_LINKED`, `
      CREATE TEMP TABLE stage_req AS
      SELECT ${v7('req_created_at')} AS id, 'APPROVED' AS status, CASE WHEN req_portal THEN 'PORTAL' ELSE 'APP' END AS source, asset_id, description,
        person_blocked, requester_id AS requested_by, req_contact AS contact_name, id AS work_order_id, NULL::text AS rejection_reason,
        created_by AS handled_by, created_at AS handled_at, req_created_at AS created_at
      FROM stage_wo WHERE from_request;
      INSERT INTO stage_req
      SELECT ${v7('x.created_at')}, x.status, CASE WHEN x.portal THEN 'PORTAL' ELSE 'APP' END, a.id, (${says})[1 + x.n % ${BREAKDOWNS.length}], false,
        CASE WHEN NOT x.portal THEN r.user_id END, CASE WHEN x.portal THEN (${arr(PORTAL_CONTACTS.map((c) => c.name))})[1 + x.n % ${PORTAL_CONTACTS.length}] END, NULL,
        CASE WHEN x.status = 'REJECTED' THEN (${arr(REJECTION_REASONS)})[1 + x.n % ${REJECTION_REASONS.length}] END,
        CASE WHEN x.status = 'REJECTED' THEN ${dispatcher('x.n')} END,
        CASE WHEN x.status = 'REJECTED' THEN least(x.created_at + interval '1 hour' + x.r * interval '20 hours', ${at}) END, x.created_at
      FROM (SELECT n, CASE WHEN n <= ${rejected} THEN 'REJECTED' ELSE 'PENDING' END AS status, 1 + floor(random() * ${A})::int AS asset_idx,
          n % 3 = 0 AS portal, random() AS r,
          ${at} - random() * CASE WHEN n <= ${rejected} THEN interval '${P * 30} days' ELSE interval '7 days' END AS created_at
        FROM generate_series(1, ${rejected + pending}) n) x
      JOIN scale_asset a ON a.idx = x.asset_idx JOIN scale_requester r ON r.site_idx = a.site_idx;
      INSERT INTO requests (id, reference, number, status, source, asset_id, description, person_blocked, requested_by, contact_name, tracking_token_hash,
        work_order_id, rejection_reason, handled_by, handled_at, created_at)
      SELECT id, 'DEM-' || lpad(n::text, greatest(6, length(n::text)), '0'), n, status, source, asset_id, description, person_blocked, requested_by, contact_name,
        CASE WHEN source = 'PORTAL' THEN encode(sha256(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())), 'hex') END,
        work_order_id, rejection_reason, handled_by, handled_at, created_at
      FROM (SELECT nextval('request_number_seq') AS n, s.* FROM stage_req s ORDER BY s.created_at, s.id) x;
      INSERT INTO work_order_events (id, work_order_id, kind, actor_id, at, payload)
      SELECT ${v7('handled_at', 1)}, work_order_id, 'REQUEST_LINKED', handled_by, handled_at, jsonb_build_object('requestId', id, 'requestReference', reference)
      FROM requests WHERE work_order_id IS NOT NULL;
      INSERT INTO preventive_runs (period_key, ran_at, created, first_controls)
      SELECT period_key, min(created_at), count(*), count(*) FILTER (WHERE first_control) FROM stage_wo WHERE type = 'PREVENTIVE' GROUP BY period_key`],
  ]
}
