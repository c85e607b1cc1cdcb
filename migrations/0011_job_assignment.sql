-- Jobs assigned to a person, and the engineer role (issue 37). Written by hand.
-- 1. people.role's CHECK takes 'engineer'. SQLite cannot change a CHECK, so the table is rebuilt;
--    dropping it runs an implicit DELETE whose ON DELETE CASCADE empties every table that points at
--    people (and push_messages, which points at push_subscriptions). Those rows are copied aside
--    first and put back after, so nothing is lost: test/worker/job-assignment-migration.test.ts
--    fills every such table (found from the schema, not from a list) and checks each row survives.
PRAGMA defer_foreign_keys = on;
--> statement-breakpoint
CREATE TABLE `keep_admin_sessions` AS SELECT * FROM `admin_sessions`;
--> statement-breakpoint
CREATE TABLE `keep_passkeys` AS SELECT * FROM `passkeys`;
--> statement-breakpoint
CREATE TABLE `keep_webauthn_challenges` AS SELECT * FROM `webauthn_challenges`;
--> statement-breakpoint
CREATE TABLE `keep_invites` AS SELECT * FROM `invites`;
--> statement-breakpoint
CREATE TABLE `keep_push_subscriptions` AS SELECT * FROM `push_subscriptions`;
--> statement-breakpoint
CREATE TABLE `keep_push_messages` AS SELECT * FROM `push_messages`;
--> statement-breakpoint
CREATE TABLE `keep_alert_settings` AS SELECT * FROM `alert_settings`;
--> statement-breakpoint
CREATE TABLE `keep_calendar_feeds` AS SELECT * FROM `calendar_feeds`;
--> statement-breakpoint
CREATE TABLE `people_next` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`role` text NOT NULL CHECK (`role` IN ('owner', 'office', 'engineer')),
	`created_at` integer NOT NULL,
	`removed_at` integer
);
--> statement-breakpoint
INSERT INTO `people_next` (`id`, `name`, `email`, `role`, `created_at`, `removed_at`)
SELECT `id`, `name`, `email`, `role`, `created_at`, `removed_at` FROM `people`;
--> statement-breakpoint
DROP TABLE `people`;
--> statement-breakpoint
ALTER TABLE `people_next` RENAME TO `people`;
--> statement-breakpoint
CREATE UNIQUE INDEX `people_email_unique` ON `people` (`email`);
--> statement-breakpoint
INSERT INTO `admin_sessions` SELECT * FROM `keep_admin_sessions`;
--> statement-breakpoint
INSERT INTO `passkeys` SELECT * FROM `keep_passkeys`;
--> statement-breakpoint
INSERT INTO `webauthn_challenges` SELECT * FROM `keep_webauthn_challenges`;
--> statement-breakpoint
INSERT INTO `invites` SELECT * FROM `keep_invites`;
--> statement-breakpoint
INSERT INTO `push_subscriptions` SELECT * FROM `keep_push_subscriptions`;
--> statement-breakpoint
INSERT INTO `push_messages` SELECT * FROM `keep_push_messages`;
--> statement-breakpoint
INSERT INTO `alert_settings` SELECT * FROM `keep_alert_settings`;
--> statement-breakpoint
INSERT INTO `calendar_feeds` SELECT * FROM `keep_calendar_feeds`;
--> statement-breakpoint
DROP TABLE `keep_admin_sessions`;
--> statement-breakpoint
DROP TABLE `keep_passkeys`;
--> statement-breakpoint
DROP TABLE `keep_webauthn_challenges`;
--> statement-breakpoint
DROP TABLE `keep_invites`;
--> statement-breakpoint
DROP TABLE `keep_push_subscriptions`;
--> statement-breakpoint
DROP TABLE `keep_push_messages`;
--> statement-breakpoint
DROP TABLE `keep_alert_settings`;
--> statement-breakpoint
DROP TABLE `keep_calendar_feeds`;
--> statement-breakpoint
-- 2. Who goes to a booked job: a person's id, or null for "the owner" (the first owner still here:
--    jobs booked before this migration, and any written without one). No foreign key, so a later
--    rebuild of people cannot cascade into leads; the code only ever writes a present person's id.
ALTER TABLE `leads` ADD `assigned_to` integer;
--> statement-breakpoint
CREATE INDEX `leads_assigned_day_idx` ON `leads` (`assigned_to`, `booked_day`);
