-- Leads the owner can act on: each lead's e-mails get their own outbox rows (the owner's
-- notification and the customer's confirmation), photos sent with a lead are listed beside it
-- (the files are in R2 under leads/), and two new fields: the best time to call back, and
-- whether a quote's postcode is in an area served. Written by hand (see docs/decisions.md).
CREATE TABLE `lead_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lead_messages_lead_kind_unique` ON `lead_messages` (`lead_id`,`kind`);--> statement-breakpoint
CREATE INDEX `lead_messages_status_next_idx` ON `lead_messages` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `lead_photos` (
	`lead_id` text NOT NULL,
	`position` integer NOT NULL,
	`key` text NOT NULL,
	`content_type` text NOT NULL,
	`bytes` integer NOT NULL,
	PRIMARY KEY(`lead_id`, `position`),
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `leads` ADD `best_time` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `leads` ADD `area_check` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Every existing lead's e-mail to the owner becomes its 'owner' message, state and all, so the
-- admin and the retry cron read lead_messages alone. The id is a random UUID (version 4).
INSERT INTO `lead_messages` (`id`, `lead_id`, `kind`, `status`, `attempts`, `last_error`, `next_attempt_at`, `sent_at`, `created_at`, `updated_at`)
SELECT
	lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
		|| substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
	`id`, 'owner', `status`, `attempts`, `last_error`, `next_attempt_at`, `sent_at`, `created_at`, `updated_at`
FROM `leads`;
--> statement-breakpoint
-- The retry cron reads lead_messages now; this index only slowed inserts.
DROP INDEX `leads_status_next_idx`;
