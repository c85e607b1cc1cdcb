-- From request to booked job to review (issue 25). Written by hand; depends on nothing after 0005.
-- Each lead gets a job status (new, contacted, booked, done, lost) with what goes with it: the
-- reason a lead was lost, the booking (a UK date and an arrival window), the job's value in pence,
-- the random key behind the customer's request link, and the review request's click and stop.
-- handled_at stays and now means "closed" (done or lost): retention counts from it as before.
ALTER TABLE `leads` ADD `job_status` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `leads` ADD `lost_reason` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `job_value_pence` integer;--> statement-breakpoint
ALTER TABLE `leads` ADD `booked_day` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `booked_from` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `booked_to` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `request_key` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `review_clicked_at` integer;--> statement-breakpoint
ALTER TABLE `leads` ADD `reviews_stopped_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `leads_request_key_unique` ON `leads` (`request_key`);--> statement-breakpoint
CREATE INDEX `leads_job_status_idx` ON `leads` (`job_status`,`created_at`);--> statement-breakpoint
-- The lead's timeline: status changes, the owner's notes and the customer's requests, each timed.
CREATE TABLE `lead_events` (
	`id` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`actor` text NOT NULL,
	`kind` text NOT NULL,
	`status` text,
	`detail` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lead_events_lead_idx` ON `lead_events` (`lead_id`,`created_at`);--> statement-breakpoint
-- Today's "handled" becomes the status done, with a timeline entry at the very time it was marked.
UPDATE `leads` SET `job_status` = 'done' WHERE `handled_at` IS NOT NULL;--> statement-breakpoint
INSERT INTO `lead_events` (`id`, `lead_id`, `created_at`, `actor`, `kind`, `status`, `detail`)
SELECT
	lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-'
		|| substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
	`id`, `handled_at`, 'owner', 'status', 'done', 'Marked handled'
FROM `leads` WHERE `handled_at` IS NOT NULL;
--> statement-breakpoint
-- The outbox takes more kinds of e-mail (a booking, the owner's notice of a customer's request, the
-- review request and its one reminder); a lead may have several bookings and notices, so the
-- one-per-kind rule holds only for the kinds that are sent once. `about` says what a notice is about.
DROP INDEX `lead_messages_lead_kind_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `lead_messages_lead_kind_unique` ON `lead_messages` (`lead_id`,`kind`) WHERE `kind` IN ('owner', 'customer', 'review', 'reminder');--> statement-breakpoint
ALTER TABLE `lead_messages` ADD `about` text DEFAULT '' NOT NULL;
