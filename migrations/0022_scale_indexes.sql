-- Issue 51: every admin screen and cron run reads rows in proportion to what it shows, not to the
-- years of history behind it. Declared in src/db/schema.ts too (the FTS table and the triggers,
-- which Drizzle cannot declare, are described there); test/worker/query-plans.test.ts checks each
-- hot query's plan against them. The tables and indexes are what `npm run db:generate` writes from
-- the schema (its snapshot is meta/0022); the backfills, the triggers and the FTS table by hand.

-- A lead's e-mails by their lead, and one kind of them (a lead's page, the export, deletion, the
-- review reminder). The partial unique index serves only the kinds it names, and only when the
-- statement says them as literals.
CREATE INDEX lead_messages_lead_kind_idx ON lead_messages (lead_id, kind);

-- The schedule's week: booked and done jobs of a few days, not every job ever done.
CREATE INDEX leads_status_day_idx ON leads (job_status, booked_day);

-- The inbox's keyset pages: newest first with the id breaking ties, straight off one index.
DROP INDEX leads_created_idx;
CREATE INDEX leads_created_id_idx ON leads (created_at, id);

-- Retention: the handled leads past their period by when they were handled, and the never handled
-- ones (handled_at null) by when they came (a cron run with nothing due reads nothing).
CREATE INDEX leads_handled_created_idx ON leads (handled_at, created_at);

-- Alerts deleted with their device (the cascade looks them up by it).
CREATE INDEX push_messages_subscription_idx ON push_messages (subscription_id);

-- How many leads of each job status and form: the inbox's "N leads" without counting every lead.
-- Kept in step by the triggers below, in the same transaction as the write to the lead.
CREATE TABLE lead_counts (
  job_status TEXT NOT NULL,
  kind TEXT NOT NULL,
  n INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (job_status, kind)
);
INSERT INTO lead_counts (job_status, kind, n) SELECT job_status, kind, count(*) FROM leads GROUP BY job_status, kind;

CREATE TRIGGER lead_counts_insert AFTER INSERT ON leads BEGIN
  INSERT OR IGNORE INTO lead_counts (job_status, kind, n) VALUES (new.job_status, new.kind, 0);
  UPDATE lead_counts SET n = n + 1 WHERE job_status = new.job_status AND kind = new.kind;
END;

CREATE TRIGGER lead_counts_delete AFTER DELETE ON leads BEGIN
  UPDATE lead_counts SET n = n - 1 WHERE job_status = old.job_status AND kind = old.kind;
END;

CREATE TRIGGER lead_counts_update AFTER UPDATE OF job_status, kind ON leads
  WHEN old.job_status IS NOT new.job_status OR old.kind IS NOT new.kind BEGIN
  UPDATE lead_counts SET n = n - 1 WHERE job_status = old.job_status AND kind = old.kind;
  INSERT OR IGNORE INTO lead_counts (job_status, kind, n) VALUES (new.job_status, new.kind, 0);
  UPDATE lead_counts SET n = n + 1 WHERE job_status = new.job_status AND kind = new.kind;
END;

-- The inbox's search of names, e-mails, addresses (also without spaces: a postcode however
-- spaced) and messages: a trigram index, so any part of a word of 3 or more characters is found,
-- case ignored, as the substring search it replaces. Contentless: it keeps no second copy of
-- anyone's words, and a lead's entries are deleted with it (secure-delete takes them out of the
-- index itself, not only out of the results), so an erased person is not found. Keyed by the
-- lead's rowid: leads keeps its rowids (nothing here vacuums or rebuilds the table).
-- Everything in it is derived from leads: `wrangler d1 export` refuses a database holding an FTS5
-- table (workers-sdk issues 6305 and 9519), so an export drops leads_search and its three triggers
-- first and runs the statements below again after (Time Travel backups are not affected).
CREATE VIRTUAL TABLE leads_search USING fts5(
  name, email, address, address_squeezed, message,
  content = '', contentless_delete = 1, tokenize = 'trigram'
);
INSERT INTO leads_search (leads_search, rank) VALUES ('secure-delete', 1);
INSERT INTO leads_search (rowid, name, email, address, address_squeezed, message)
  SELECT rowid, name, email, address, replace(address, ' ', ''), message FROM leads;

CREATE TRIGGER leads_search_insert AFTER INSERT ON leads BEGIN
  INSERT INTO leads_search (rowid, name, email, address, address_squeezed, message)
    VALUES (new.rowid, new.name, new.email, new.address, replace(new.address, ' ', ''), new.message);
END;

CREATE TRIGGER leads_search_delete AFTER DELETE ON leads BEGIN
  DELETE FROM leads_search WHERE rowid = old.rowid;
END;

CREATE TRIGGER leads_search_update AFTER UPDATE OF name, email, address, message ON leads BEGIN
  DELETE FROM leads_search WHERE rowid = old.rowid;
  INSERT INTO leads_search (rowid, name, email, address, address_squeezed, message)
    VALUES (new.rowid, new.name, new.email, new.address, replace(new.address, ' ', ''), new.message);
END;

-- How many posts there are of each status: /blog's page count without counting every published
-- post (the scheduled ones, dated ahead, are taken off by the date index: they are few).
CREATE TABLE post_counts (
  status TEXT PRIMARY KEY NOT NULL,
  n INTEGER NOT NULL DEFAULT 0
);
INSERT INTO post_counts (status, n) SELECT status, count(*) FROM posts GROUP BY status;

CREATE TRIGGER post_counts_insert AFTER INSERT ON posts BEGIN
  INSERT OR IGNORE INTO post_counts (status, n) VALUES (new.status, 0);
  UPDATE post_counts SET n = n + 1 WHERE status = new.status;
END;

CREATE TRIGGER post_counts_delete AFTER DELETE ON posts BEGIN
  UPDATE post_counts SET n = n - 1 WHERE status = old.status;
END;

CREATE TRIGGER post_counts_update AFTER UPDATE OF status ON posts WHEN old.status IS NOT new.status BEGIN
  UPDATE post_counts SET n = n - 1 WHERE status = old.status;
  INSERT OR IGNORE INTO post_counts (status, n) VALUES (new.status, 0);
  UPDATE post_counts SET n = n + 1 WHERE status = new.status;
END;
