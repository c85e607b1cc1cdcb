-- A device's alerts belong to the sign-in that turned them on (issue 36): signing that device out
-- (itself, from the Devices page, or the owner ending its session) removes its subscription, and
-- its queued alerts with it (push_messages cascades from push_subscriptions). A session that only
-- runs out is let go first (session_id set to null, src/db/admin-sessions.ts), so alerts do not stop
-- unseen on a phone that is simply not opened for a while. Devices turned on before this have none.
ALTER TABLE `push_subscriptions` ADD `session_id` integer REFERENCES `admin_sessions`(`id`) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `push_subscriptions_session_idx` ON `push_subscriptions` (`session_id`);
