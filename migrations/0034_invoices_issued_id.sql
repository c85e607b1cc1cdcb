-- The accountant's export pages issued invoices by (issued_at, id): the index now ends with the id, so
-- a batch starts at its cursor in the index and stops at its limit (ids are text, not the rowid).
DROP INDEX `invoices_issued_idx`;--> statement-breakpoint
CREATE INDEX `invoices_issued_idx` ON `invoices` (`issued_at`,`id`);