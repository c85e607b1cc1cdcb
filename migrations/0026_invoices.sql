CREATE TABLE `credit_note_lines` (
	`credit_note_id` text NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`kind` text NOT NULL,
	`quantity_milli` integer NOT NULL,
	`unit_pence` integer NOT NULL,
	`vat_rate` text NOT NULL,
	PRIMARY KEY(`credit_note_id`, `position`),
	FOREIGN KEY (`credit_note_id`) REFERENCES `credit_notes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `credit_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`number` text NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`net_pence` integer NOT NULL,
	`vat_pence` integer NOT NULL,
	`gross_pence` integer NOT NULL,
	`issued_at` integer NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_number_unique` ON `credit_notes` (`number`);--> statement-breakpoint
CREATE INDEX `credit_notes_invoice_idx` ON `credit_notes` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `invoice_lines` (
	`invoice_id` text NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`kind` text NOT NULL,
	`quantity_milli` integer NOT NULL,
	`unit_pence` integer NOT NULL,
	`vat_rate` text NOT NULL,
	PRIMARY KEY(`invoice_id`, `position`),
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`lead_id` text,
	`quote_id` text,
	`kind` text DEFAULT 'final' NOT NULL,
	`number` text,
	`state` text DEFAULT 'draft' NOT NULL,
	`customer_name` text NOT NULL,
	`customer_email` text DEFAULT '' NOT NULL,
	`customer_address` text DEFAULT '' NOT NULL,
	`business` integer DEFAULT false NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`terms_days` integer DEFAULT 14 NOT NULL,
	`vat_registered` integer DEFAULT true NOT NULL,
	`simplified` integer DEFAULT false NOT NULL,
	`seller` text DEFAULT '' NOT NULL,
	`supplied_at` integer,
	`issued_at` integer,
	`tax_point_at` integer,
	`due_at` integer,
	`net_pence` integer DEFAULT 0 NOT NULL,
	`vat_pence` integer DEFAULT 0 NOT NULL,
	`gross_pence` integer DEFAULT 0 NOT NULL,
	`less_deposit_pence` integer DEFAULT 0 NOT NULL,
	`amount_paid_pence` integer DEFAULT 0 NOT NULL,
	`amount_credited_pence` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`last_write` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE INDEX `invoices_state_due_idx` ON `invoices` (`state`,`due_at`);--> statement-breakpoint
CREATE INDEX `invoices_lead_idx` ON `invoices` (`lead_id`);--> statement-breakpoint
CREATE INDEX `invoices_quote_idx` ON `invoices` (`quote_id`);--> statement-breakpoint
CREATE TABLE `number_counters` (
	`name` text PRIMARY KEY NOT NULL,
	`next` integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
-- The two sequences start at 1: issuing takes `next` with UPDATE … RETURNING, so the rows must exist.
INSERT INTO `number_counters` (`name`, `next`) VALUES ('invoice', 1), ('credit_note', 1);
