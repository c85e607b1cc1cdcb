ALTER TABLE `leads` ADD `quote_reminders_stopped_at` integer;--> statement-breakpoint
ALTER TABLE `leads` ADD `walk_in` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `quote_acceptances` ADD `deposit_pence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `quote_acceptances_accepted_idx` ON `quote_acceptances` (`accepted_at`);--> statement-breakpoint
ALTER TABLE `quotes` ADD `deposit_percent` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `deposit_pence` integer;