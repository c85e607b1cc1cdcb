-- Where each lead came from (src/leads/attribution.ts), and tap counts on the call, WhatsApp and
-- e-mail links (src/taps/). Written by hand; every new leads column is nullable, so leads stored
-- before this migration simply have no attribution.
ALTER TABLE `leads` ADD `form_page` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `previous_page` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `referrer_origin` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `utm_source` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `utm_medium` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `utm_campaign` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `utm_term` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `utm_content` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `gclid` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `source` text;--> statement-breakpoint
CREATE TABLE `tap_counts` (
	`day` text NOT NULL,
	`page` text NOT NULL,
	`channel` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `page`, `channel`)
);
