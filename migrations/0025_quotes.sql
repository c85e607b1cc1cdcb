CREATE TABLE `quote_acceptances` (
	`quote_id` text PRIMARY KEY NOT NULL,
	`accepted_at` integer NOT NULL,
	`typed_name` text NOT NULL,
	`choices` text NOT NULL,
	`net_pence` integer NOT NULL,
	`vat_pence` integer NOT NULL,
	`gross_pence` integer NOT NULL,
	`terms` text NOT NULL,
	`express_start` integer,
	`wording_version` text NOT NULL,
	`canonical` text NOT NULL,
	`hash` text NOT NULL,
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `quote_counters` (
	`year` integer PRIMARY KEY NOT NULL,
	`last` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `quote_lines` (
	`quote_id` text NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`kind` text NOT NULL,
	`quantity_milli` integer NOT NULL,
	`unit_pence` integer NOT NULL,
	`vat_rate` text NOT NULL,
	`optional` integer DEFAULT false NOT NULL,
	`line_group` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`quote_id`, `position`),
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`chain_id` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`number` text,
	`lead_id` text,
	`customer_name` text NOT NULL,
	`customer_email` text NOT NULL,
	`customer_phone` text DEFAULT '' NOT NULL,
	`customer_address` text DEFAULT '' NOT NULL,
	`service` text DEFAULT '' NOT NULL,
	`business` integer DEFAULT false NOT NULL,
	`state` text DEFAULT 'draft' NOT NULL,
	`valid_days` integer DEFAULT 30 NOT NULL,
	`valid_until` integer,
	`notes` text DEFAULT '' NOT NULL,
	`terms` text DEFAULT '' NOT NULL,
	`vat_registered` integer DEFAULT true NOT NULL,
	`row_version` integer DEFAULT 1 NOT NULL,
	`last_write` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`sent_at` integer,
	`viewed_at` integer,
	`closed_at` integer,
	`decline_reason` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_chain_version_unique` ON `quotes` (`chain_id`,`version`);--> statement-breakpoint
CREATE INDEX `quotes_state_sent_idx` ON `quotes` (`state`,`sent_at`);--> statement-breakpoint
CREATE INDEX `quotes_lead_idx` ON `quotes` (`lead_id`);