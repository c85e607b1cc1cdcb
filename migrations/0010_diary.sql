-- The diary (issue 37). Written by hand; depends on 0006 (people). (Named 0008_diary on its branch.)
-- Each person's private calendar feed: only the SHA-256 of its random token is kept, so a copy of
-- the database cannot subscribe to anyone's jobs. One address per person; a new one replaces the
-- old (which then answers 404), and turning it off deletes the row.
CREATE TABLE `calendar_feeds` (
	`person_id` integer PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`person_id`) REFERENCES `people`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_hash_unique` ON `calendar_feeds` (`token_hash`);
