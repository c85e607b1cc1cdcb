ALTER TABLE `quote_acceptances` ADD `deposit_pence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `quotes` ADD `deposit_percent` integer;--> statement-breakpoint
ALTER TABLE `quotes` ADD `deposit_pence` integer;