CREATE TABLE `checklist_templates` (
	`service` text PRIMARY KEY NOT NULL,
	`questions` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `site_answers` (
	`item_key` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`person_id` integer NOT NULL,
	`question_id` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`for_customer` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_answers_lead_idx` ON `site_answers` (`lead_id`,`question_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `site_events` (
	`item_key` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`person_id` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_events_lead_idx` ON `site_events` (`lead_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `site_media` (
	`item_key` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`person_id` integer NOT NULL,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`stage` text NOT NULL,
	`content_type` text NOT NULL,
	`bytes` integer NOT NULL,
	`in_report` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_media_lead_idx` ON `site_media` (`lead_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `site_notes` (
	`item_key` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`person_id` integer NOT NULL,
	`found` text DEFAULT '' NOT NULL,
	`done` text DEFAULT '' NOT NULL,
	`recommended` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_notes_lead_idx` ON `site_notes` (`lead_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `site_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`finish_marks_done` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `site_signatures` (
	`item_key` text PRIMARY KEY NOT NULL,
	`lead_id` text NOT NULL,
	`person_id` integer NOT NULL,
	`key` text,
	`typed_name` text DEFAULT '' NOT NULL,
	`not_present` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`lead_id`) REFERENCES `leads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_signatures_lead_idx` ON `site_signatures` (`lead_id`,`created_at`);