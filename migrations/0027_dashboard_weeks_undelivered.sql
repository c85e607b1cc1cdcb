CREATE TABLE `lead_week_counts` (
	`week` text NOT NULL,
	`kind` text NOT NULL,
	`source` text NOT NULL,
	`landing` text NOT NULL,
	`leads` integer DEFAULT 0 NOT NULL,
	`booked` integer DEFAULT 0 NOT NULL,
	`done_value_pence` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`week`, `kind`, `source`, `landing`)
);
--> statement-breakpoint
CREATE INDEX `lead_events_answer_idx` ON `lead_events` (`lead_id`,`created_at`) WHERE "kind" IN ('status', 'called') AND "actor" NOT IN ('customer', 'system');--> statement-breakpoint
CREATE INDEX `lead_messages_undelivered_idx` ON `lead_messages` (`status`,`lead_id`) WHERE "status" IN ('failed', 'retrying', 'skipped');
--> statement-breakpoint
-- Issue 51: the dashboard's leads of eight weeks, and what they became, from a few hundred counter
-- rows (lead_week_counts) instead of every lead of those weeks read three times. The table and
-- the indexes above are what `npm run db:generate` writes from the schema; the view, the backfill
-- and the triggers below by hand.
--
-- What each lead adds to its row of lead_week_counts. Its week is the Monday of the UK day it
-- arrived: created_at is epoch ms in UTC, and the UK is an hour ahead from the last Sunday of
-- March, 01:00 UTC, to the last Sunday of October, 01:00 UTC (`londonDay` says the same; the
-- worker test of the dashboard's counts checks a lead each side of both changes). Booked: at
-- some time (its status now, or a 'booked' event in its timeline), as the dashboard counts it.
-- '' stands for a source or landing page not recorded.
CREATE VIEW lead_week_keys AS
  SELECT
    id,
    date(created_at / 1000, 'unixepoch',
      CASE WHEN datetime(created_at / 1000, 'unixepoch')
          >= date(strftime('%Y', created_at / 1000, 'unixepoch') || '-03-31', '-6 days', 'weekday 0') || ' 01:00:00'
        AND datetime(created_at / 1000, 'unixepoch')
          < date(strftime('%Y', created_at / 1000, 'unixepoch') || '-10-31', '-6 days', 'weekday 0') || ' 01:00:00'
      THEN '+1 hours' ELSE '+0 hours' END,
      'weekday 0', '-6 days') AS week,
    kind,
    coalesce(source, '') AS source,
    coalesce(previous_page, form_page, '') AS landing,
    CASE WHEN job_status IN ('booked', 'rebook', 'cancelled', 'done')
      OR EXISTS (SELECT 1 FROM lead_events e WHERE e.lead_id = leads.id AND e.status = 'booked')
      THEN 1 ELSE 0 END AS booked,
    CASE WHEN job_status = 'done' THEN coalesce(job_value_pence, 0) ELSE 0 END AS done_value_pence
  FROM leads;
--> statement-breakpoint
INSERT INTO lead_week_counts (week, kind, source, landing, leads, booked, done_value_pence)
  SELECT week, kind, source, landing, count(*), sum(booked), sum(done_value_pence)
  FROM lead_week_keys GROUP BY week, kind, source, landing;
--> statement-breakpoint
-- A lead adds itself once written; it takes itself away before it is deleted or changed (while
-- the view still sees it as it was, its timeline included) and adds itself again after a change.
CREATE TRIGGER lead_week_counts_insert AFTER INSERT ON leads BEGIN
  INSERT INTO lead_week_counts (week, kind, source, landing, leads, booked, done_value_pence)
    SELECT week, kind, source, landing, 1, booked, done_value_pence FROM lead_week_keys WHERE id = new.id
    ON CONFLICT (week, kind, source, landing) DO UPDATE SET leads = leads + 1,
      booked = booked + excluded.booked, done_value_pence = done_value_pence + excluded.done_value_pence;
END;
--> statement-breakpoint
CREATE TRIGGER lead_week_counts_delete BEFORE DELETE ON leads BEGIN
  UPDATE lead_week_counts SET leads = lead_week_counts.leads - 1, booked = lead_week_counts.booked - k.booked,
    done_value_pence = lead_week_counts.done_value_pence - k.done_value_pence
    FROM (SELECT * FROM lead_week_keys WHERE id = old.id) AS k
    WHERE lead_week_counts.week = k.week AND lead_week_counts.kind = k.kind
      AND lead_week_counts.source = k.source AND lead_week_counts.landing = k.landing;
END;
--> statement-breakpoint
CREATE TRIGGER lead_week_counts_before_update
  BEFORE UPDATE OF created_at, kind, source, previous_page, form_page, job_status, job_value_pence ON leads BEGIN
  UPDATE lead_week_counts SET leads = lead_week_counts.leads - 1, booked = lead_week_counts.booked - k.booked,
    done_value_pence = lead_week_counts.done_value_pence - k.done_value_pence
    FROM (SELECT * FROM lead_week_keys WHERE id = old.id) AS k
    WHERE lead_week_counts.week = k.week AND lead_week_counts.kind = k.kind
      AND lead_week_counts.source = k.source AND lead_week_counts.landing = k.landing;
END;
--> statement-breakpoint
CREATE TRIGGER lead_week_counts_after_update
  AFTER UPDATE OF created_at, kind, source, previous_page, form_page, job_status, job_value_pence ON leads BEGIN
  INSERT INTO lead_week_counts (week, kind, source, landing, leads, booked, done_value_pence)
    SELECT week, kind, source, landing, 1, booked, done_value_pence FROM lead_week_keys WHERE id = new.id
    ON CONFLICT (week, kind, source, landing) DO UPDATE SET leads = leads + 1,
      booked = booked + excluded.booked, done_value_pence = done_value_pence + excluded.done_value_pence;
END;
--> statement-breakpoint
-- A lead's first 'booked' event makes it booked at some time, unless its status already did; the
-- last one's deletion (a person's erasure deletes the timeline before the lead) takes that back.
CREATE TRIGGER lead_week_counts_booked_event AFTER INSERT ON lead_events WHEN new.status = 'booked' BEGIN
  UPDATE lead_week_counts SET booked = lead_week_counts.booked + 1
    FROM (SELECT * FROM lead_week_keys WHERE id = new.lead_id) AS k
    WHERE lead_week_counts.week = k.week AND lead_week_counts.kind = k.kind
      AND lead_week_counts.source = k.source AND lead_week_counts.landing = k.landing
      AND (SELECT job_status FROM leads WHERE id = new.lead_id) NOT IN ('booked', 'rebook', 'cancelled', 'done')
      AND NOT EXISTS (SELECT 1 FROM lead_events e WHERE e.lead_id = new.lead_id AND e.status = 'booked' AND e.id <> new.id);
END;
--> statement-breakpoint
CREATE TRIGGER lead_week_counts_booked_event_delete AFTER DELETE ON lead_events WHEN old.status = 'booked' BEGIN
  UPDATE lead_week_counts SET booked = lead_week_counts.booked - 1
    FROM (SELECT * FROM lead_week_keys WHERE id = old.lead_id) AS k
    WHERE lead_week_counts.week = k.week AND lead_week_counts.kind = k.kind
      AND lead_week_counts.source = k.source AND lead_week_counts.landing = k.landing
      AND k.booked = 0;
END;
