-- The visit an erased lead's cancellation is about, kept beside the rendered e-mail
-- (src/privacy/erasure-mail.ts): only its day and hours, so that if the e-mail is given up the
-- owner can be told which visit the customer was not told of. Rows from before this have none.
ALTER TABLE erasure_mail ADD COLUMN visit_day TEXT;
ALTER TABLE erasure_mail ADD COLUMN visit_from TEXT;
ALTER TABLE erasure_mail ADD COLUMN visit_to TEXT;

-- A cancellation given up: shown to the owner and office on the dashboard and the inbox (and sent
-- to their phones, below) until one of them marks it dealt with, or the visit's day is over (the
-- cron deletes it then). It holds the visit's day and hours and nothing of the customer, whose
-- details were erased.
CREATE TABLE erasure_notice (
  id TEXT PRIMARY KEY NOT NULL,
  visit_day TEXT NOT NULL,
  visit_from TEXT NOT NULL,
  visit_to TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX erasure_notice_day_idx ON erasure_notice (visit_day);

-- The same notice on the owner's phones, as the alert "an e-mail to a customer could not be
-- delivered" (src/push/outbox.ts): an alert is about a lead or, for an erased one, its notice,
-- and goes with either. SQLite cannot relax lead_id's NOT NULL in place, so the alerts' outbox is
-- rebuilt with every row kept (nothing points at it).
CREATE TABLE push_messages_new (
  id TEXT PRIMARY KEY NOT NULL,
  subscription_id INTEGER NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  lead_id TEXT REFERENCES leads (id) ON DELETE CASCADE,
  notice_id TEXT REFERENCES erasure_notice (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  urgent INTEGER DEFAULT false NOT NULL,
  status TEXT DEFAULT 'pending' NOT NULL,
  attempts INTEGER DEFAULT 0 NOT NULL,
  last_error TEXT,
  next_attempt_at INTEGER,
  sent_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  CHECK ((lead_id IS NULL) <> (notice_id IS NULL))
);
INSERT INTO push_messages_new (id, subscription_id, lead_id, kind, urgent, status, attempts, last_error, next_attempt_at, sent_at, created_at, updated_at)
  SELECT id, subscription_id, lead_id, kind, urgent, status, attempts, last_error, next_attempt_at, sent_at, created_at, updated_at FROM push_messages;
DROP TABLE push_messages;
ALTER TABLE push_messages_new RENAME TO push_messages;
CREATE INDEX push_messages_status_next_idx ON push_messages (status, next_attempt_at);
CREATE INDEX push_messages_lead_idx ON push_messages (lead_id, created_at);
CREATE INDEX push_messages_notice_idx ON push_messages (notice_id);
