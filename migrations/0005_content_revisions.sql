-- The owner's site content: facts, notices, prices, services, FAQ, reviews and areas, one row per
-- save (src/site-content/). No row means the defaults in code, so a fresh database shows today's site.
CREATE TABLE `content_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer NOT NULL,
	`author` text NOT NULL,
	`summary` text NOT NULL,
	`content` text NOT NULL
);
