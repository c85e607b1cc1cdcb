-- The one e-mail an erased lead may still owe its customer: "your visit is cancelled" with its
-- METHOD:CANCEL .ics, rendered when the lead is erased (src/privacy/erasure-mail.ts). The row is
-- the only personal data left of the lead, and it is deleted the moment the e-mail is sent or
-- given up; a row the cron could not send within a day (the mail key removed) is deleted anyway.
CREATE TABLE erasure_mail (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX erasure_mail_next_idx ON erasure_mail (next_attempt_at);
