ALTER TABLE `leads` ADD `first_answered_at` integer;--> statement-breakpoint
-- Issue 51: the dashboard's answer times from one index entry a lead of the eight weeks, instead
-- of a look-up in each lead's timeline (about four rows a lead). The column, the index change and
-- the dropped index are what `npm run db:generate` writes from the schema (reordered so the
-- backfill still has the partial index it replaces); the backfill and the trigger by hand.
--
-- A lead's first answer: the earliest timeline entry of a status change or a call tap by someone
-- in the admin (not the customer's own requests, not the system's), as `answerTimesByWeek` read it
-- before. Null while it has none.
UPDATE leads SET first_answered_at = (
  SELECT min(e.created_at) FROM lead_events e
  WHERE e.lead_id = leads.id AND e.kind IN ('status', 'called') AND e.actor NOT IN ('customer', 'system'))
WHERE EXISTS (
  SELECT 1 FROM lead_events e
  WHERE e.lead_id = leads.id AND e.kind IN ('status', 'called') AND e.actor NOT IN ('customer', 'system'));
--> statement-breakpoint
DROP INDEX `lead_events_answer_idx`;--> statement-breakpoint
DROP INDEX `leads_created_id_idx`;--> statement-breakpoint
CREATE INDEX `leads_created_id_idx` ON `leads` (`created_at`,`id`,`first_answered_at`);--> statement-breakpoint
-- An answer sets the lead's first answer when it has none or came later (entries are written
-- with the time of the change, so in practice only the first one writes). Timeline entries are
-- never changed and are deleted only with their lead (`deleteLeadRows`), so no other trigger is
-- needed; a new path that deletes or moves an answer must recompute the column.
CREATE TRIGGER leads_first_answer AFTER INSERT ON lead_events
  WHEN new.kind IN ('status', 'called') AND new.actor NOT IN ('customer', 'system') BEGIN
  UPDATE leads SET first_answered_at = new.created_at
    WHERE id = new.lead_id AND (first_answered_at IS NULL OR first_answered_at > new.created_at);
END;
