-- Issue 26: people who sign in to the admin (owner, office), their sessions on the server, their
-- passkeys, invitations (with their e-mail in an outbox of their own) and the audit log. Only new
-- tables: no existing row or date changes. The first owner is the person ADMIN_TOKEN signs in as.
CREATE TABLE `people` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`role` text NOT NULL CHECK (`role` IN ('owner', 'office')),
	`created_at` integer NOT NULL,
	`removed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `people_email_unique` ON `people` (`email`);
--> statement-breakpoint
INSERT INTO `people` (`name`, `email`, `role`, `created_at`) VALUES ('Owner', NULL, 'owner', CAST((julianday('now') - 2440587.5) * 86400000 AS integer));
--> statement-breakpoint
-- A session is a random id in the __Host- cookie; only its HMAC is stored, so the table alone signs nobody in.
CREATE TABLE `admin_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`secret_hash` text NOT NULL,
	`person_id` integer NOT NULL REFERENCES `people`(`id`) ON DELETE CASCADE,
	`device` text NOT NULL,
	`method` text NOT NULL CHECK (`method` IN ('token', 'passkey', 'invite')),
	`remember` integer NOT NULL DEFAULT 0,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_sessions_secret_unique` ON `admin_sessions` (`secret_hash`);
--> statement-breakpoint
CREATE INDEX `admin_sessions_person_idx` ON `admin_sessions` (`person_id`);
--> statement-breakpoint
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`person_id` integer NOT NULL REFERENCES `people`(`id`) ON DELETE CASCADE,
	`public_key` text NOT NULL,
	`counter` integer NOT NULL DEFAULT 0,
	`transports` text NOT NULL DEFAULT '',
	`device` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer
);
--> statement-breakpoint
CREATE INDEX `passkeys_person_idx` ON `passkeys` (`person_id`);
--> statement-breakpoint
-- One row per WebAuthn ceremony: deleted when used, so a challenge answers once.
CREATE TABLE `webauthn_challenges` (
	`challenge` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL CHECK (`purpose` IN ('register', 'sign-in')),
	`person_id` integer REFERENCES `people`(`id`) ON DELETE CASCADE,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `invites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	-- The link's token is HMAC(nonce) under a key derived from ADMIN_TOKEN, so the e-mail can be
	-- retried, and this table alone gives no working link; token_hash finds the row from a link.
	`nonce` text NOT NULL,
	`token_hash` text NOT NULL,
	`person_id` integer NOT NULL REFERENCES `people`(`id`) ON DELETE CASCADE,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	-- The invitation's e-mail, retried by the cron like a lead's (src/admin/people/invite-outbox.ts).
	`mail_status` text NOT NULL DEFAULT 'pending' CHECK (`mail_status` IN ('pending', 'sent', 'retrying', 'failed', 'skipped')),
	`mail_attempts` integer NOT NULL DEFAULT 0,
	`mail_error` text,
	`mail_next_attempt_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invites_token_unique` ON `invites` (`token_hash`);
--> statement-breakpoint
CREATE INDEX `invites_mail_idx` ON `invites` (`mail_status`, `mail_next_attempt_at`);
--> statement-breakpoint
-- Who did what to which object, and when: never the personal data itself. Kept two years.
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor_id` integer,
	`actor_name` text NOT NULL,
	`action` text NOT NULL,
	`object_type` text,
	`object_id` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);
