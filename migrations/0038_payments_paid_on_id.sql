-- The accountant's export pages a period's payments by (paid_on, id) (issue 56): the day-paid index
-- now ends with the id, so a batch starts at its cursor in the index and stops at its limit or the
-- period's end; the dashboard's month reads its first column as before. The (created_at, id) index
-- the export walked before (issue 51) has no reader left.
DROP INDEX `payments_created_idx`;--> statement-breakpoint
DROP INDEX `payments_paid_on_idx`;--> statement-breakpoint
CREATE INDEX `payments_paid_on_idx` ON `payments` (`paid_on`,`id`);