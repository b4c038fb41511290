-- The listing filtered by a status (« Ouvert », « En cours »…) in the triage order: read from an
-- index in that order and stopped at the page's end, instead of every order of the status
-- joined to its elevator and sorted (5 ms for the 509 open orders of the scale dataset).
CREATE INDEX work_orders_status_triage_idx ON work_orders
  (status, person_blocked DESC NULLS LAST, priority_rank DESC NULLS LAST, created_at, id);
--> statement-breakpoint
-- Requests likewise: a status (« En attente ») and each « person blocked » group in the order
-- of requests_triage_idx, so that a page of pending requests reads its rows and stops.
CREATE INDEX requests_status_triage_idx ON requests (status, person_blocked DESC, created_at, id);
