-- An assignment may name its order before the order exists when both are written in one
-- transaction that defers the check (the scale seed: each order's listed row, built by the
-- insert trigger of 0013, then reads its assignees once instead of the order being
-- rewritten after them). Every other writer keeps the immediate check.
ALTER TABLE "work_order_assignees" ALTER CONSTRAINT "work_order_assignees_work_order_id_work_orders_id_fk" DEFERRABLE INITIALLY IMMEDIATE;
