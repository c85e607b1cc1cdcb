CREATE INDEX `credit_notes_issued_idx` ON `credit_notes` (`issued_at`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_updated_idx` ON `invoices` (`updated_at`);--> statement-breakpoint
CREATE INDEX `payments_created_idx` ON `payments` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `quotes_updated_idx` ON `quotes` (`updated_at`);