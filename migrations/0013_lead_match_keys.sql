-- Customers who come back (issue 37). Written by hand.
-- Each lead's match keys (src/leads/match-keys.ts): its phone number however written, its e-mail
-- with case ignored, its postcode and house number. '' where the lead has none; NULL on leads
-- stored before this migration until the cron keys them (src/db/returning.ts: the rules are
-- JavaScript's, in one place, so they are not written again here in SQL). They live on the lead's
-- own row, so deleting or erasing a lead takes its keys with it.
ALTER TABLE `leads` ADD `match_phone` text;
--> statement-breakpoint
ALTER TABLE `leads` ADD `match_email` text;
--> statement-breakpoint
ALTER TABLE `leads` ADD `match_place` text;
--> statement-breakpoint
CREATE INDEX `leads_match_phone_idx` ON `leads` (`match_phone`,`created_at`);
--> statement-breakpoint
CREATE INDEX `leads_match_email_idx` ON `leads` (`match_email`,`created_at`);
--> statement-breakpoint
CREATE INDEX `leads_match_place_idx` ON `leads` (`match_place`,`created_at`);
