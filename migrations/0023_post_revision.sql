-- Posts: a revision counter the editor form carries, and who saved last, so a save from an older tab is refused naming them.
ALTER TABLE `posts` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `updated_by` text;