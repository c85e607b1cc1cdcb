-- The visit an erased lead's cancellation is about, kept beside the rendered e-mail
-- (src/privacy/erasure-mail.ts): only its day and hours, so that if the e-mail is given up the
-- owner can be told which visit the customer was not told of. Rows from before this have none.
ALTER TABLE erasure_mail ADD COLUMN visit_day TEXT;
ALTER TABLE erasure_mail ADD COLUMN visit_from TEXT;
ALTER TABLE erasure_mail ADD COLUMN visit_to TEXT;

-- A cancellation given up: shown to the owner and office on the dashboard and the inbox until one
-- of them marks it dealt with, or the visit's day is over (the cron deletes it then). It holds the
-- visit's day and hours and nothing of the customer, whose details were erased.
CREATE TABLE erasure_notice (
  id TEXT PRIMARY KEY NOT NULL,
  visit_day TEXT NOT NULL,
  visit_from TEXT NOT NULL,
  visit_to TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX erasure_notice_day_idx ON erasure_notice (visit_day);
