CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`amount_pence` integer NOT NULL,
	`method` text NOT NULL,
	`paid_on` text NOT NULL,
	`stripe_event_id` text,
	`stripe_payment_intent` text,
	`created_at` integer NOT NULL,
	`recorded_by` text,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_stripe_event_unique` ON `payments` (`stripe_event_id`);--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `payments_paid_on_idx` ON `payments` (`paid_on`);--> statement-breakpoint
CREATE INDEX `payments_intent_idx` ON `payments` (`stripe_payment_intent`);