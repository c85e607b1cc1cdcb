CREATE TABLE `post_media` (
	`media_key` text NOT NULL,
	`post_id` integer NOT NULL,
	PRIMARY KEY(`media_key`, `post_id`)
);
--> statement-breakpoint
CREATE INDEX `post_media_post_idx` ON `post_media` (`post_id`);--> statement-breakpoint
CREATE TABLE `tap_week_counts` (
	`week` text NOT NULL,
	`page` text NOT NULL,
	`channel` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`week`, `page`, `channel`)
);
--> statement-breakpoint
CREATE INDEX `lead_events_booked_idx` ON `lead_events` (`lead_id`) WHERE "lead_events"."status" = 'booked';--> statement-breakpoint
CREATE INDEX `leads_status_best_time_idx` ON `leads` (`job_status`,`best_time`,`created_at`,`id`);--> statement-breakpoint
-- The taps of each UK week, kept by triggers on tap_counts (a tap is an insert of its day's row,
-- or an upsert's update of it): the Monday of a UK day is date arithmetic, the day being UK already.
INSERT INTO tap_week_counts (week, page, channel, count)
  SELECT date(day, 'weekday 0', '-6 days'), page, channel, sum(count) FROM tap_counts GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER tap_week_counts_insert AFTER INSERT ON tap_counts BEGIN
  INSERT INTO tap_week_counts (week, page, channel, count)
    VALUES (date(new.day, 'weekday 0', '-6 days'), new.page, new.channel, new.count)
    ON CONFLICT (week, page, channel) DO UPDATE SET count = count + excluded.count;
END;
--> statement-breakpoint
CREATE TRIGGER tap_week_counts_update AFTER UPDATE OF count ON tap_counts BEGIN
  UPDATE tap_week_counts SET count = count + new.count - old.count
    WHERE week = date(new.day, 'weekday 0', '-6 days') AND page = new.page AND channel = new.channel;
END;
--> statement-breakpoint
CREATE TRIGGER tap_week_counts_delete AFTER DELETE ON tap_counts BEGIN
  UPDATE tap_week_counts SET count = count - old.count
    WHERE week = date(old.day, 'weekday 0', '-6 days') AND page = old.page AND channel = old.channel;
END;
--> statement-breakpoint
-- Which post shows which picture: as its cover, or its URL ('/' || key) anywhere in its text, the
-- test the media page made of every post for each picture. A save reads the library once, an
-- upload the posts once; the media page then reads only the uses of its pictures.
INSERT INTO post_media (media_key, post_id)
  SELECT m.key, p.id FROM posts p CROSS JOIN media m
  WHERE p.image_url = '/' || m.key OR instr(p.content, '/' || m.key) > 0;
--> statement-breakpoint
CREATE TRIGGER post_media_post_insert AFTER INSERT ON posts BEGIN
  INSERT OR IGNORE INTO post_media (media_key, post_id)
    SELECT m.key, new.id FROM media m WHERE new.image_url = '/' || m.key OR instr(new.content, '/' || m.key) > 0;
END;
--> statement-breakpoint
CREATE TRIGGER post_media_post_update AFTER UPDATE OF image_url, content ON posts BEGIN
  DELETE FROM post_media WHERE post_id = old.id;
  INSERT OR IGNORE INTO post_media (media_key, post_id)
    SELECT m.key, new.id FROM media m WHERE new.image_url = '/' || m.key OR instr(new.content, '/' || m.key) > 0;
END;
--> statement-breakpoint
CREATE TRIGGER post_media_post_delete AFTER DELETE ON posts BEGIN
  DELETE FROM post_media WHERE post_id = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER post_media_media_insert AFTER INSERT ON media BEGIN
  INSERT OR IGNORE INTO post_media (media_key, post_id)
    SELECT new.key, p.id FROM posts p WHERE p.image_url = '/' || new.key OR instr(p.content, '/' || new.key) > 0;
END;
--> statement-breakpoint
CREATE TRIGGER post_media_media_delete AFTER DELETE ON media BEGIN
  DELETE FROM post_media WHERE media_key = old.key;
END;
