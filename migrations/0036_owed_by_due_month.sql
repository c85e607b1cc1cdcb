CREATE TABLE `owed_by_due_month` (
	`month` text PRIMARY KEY NOT NULL,
	`owed_pence` integer DEFAULT 0 NOT NULL,
	`invoices` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `invoices_state_updated_idx` ON `invoices` (`state`,`updated_at`);--> statement-breakpoint
-- Issue 56: the dashboard's "over 90 days late" from a row a month instead of every unpaid invoice
-- ever. The table and index above are what `npm run db:generate` writes from the schema; the
-- backfill and the triggers below by hand. An owed invoice (issued or part paid, with a due date)
-- adds what it still owes to its due date's UTC month; it takes that away when it is deleted or
-- before a change to its state, due date or sums, and adds itself again after. What is owed is
-- the dashboard's figure: never below nothing.
INSERT INTO owed_by_due_month (month, owed_pence, invoices)
  SELECT strftime('%Y-%m', due_at / 1000, 'unixepoch'),
    sum(max(0, gross_pence - less_deposit_pence - amount_paid_pence - amount_credited_pence)), count(*)
  FROM invoices WHERE state IN ('issued', 'part_paid') AND due_at IS NOT NULL
  GROUP BY 1;
--> statement-breakpoint
CREATE TRIGGER owed_by_due_month_insert AFTER INSERT ON invoices
  WHEN new.state IN ('issued', 'part_paid') AND new.due_at IS NOT NULL BEGIN
  INSERT INTO owed_by_due_month (month, owed_pence, invoices)
    VALUES (strftime('%Y-%m', new.due_at / 1000, 'unixepoch'),
      max(0, new.gross_pence - new.less_deposit_pence - new.amount_paid_pence - new.amount_credited_pence), 1)
    ON CONFLICT (month) DO UPDATE SET owed_pence = owed_pence + excluded.owed_pence, invoices = invoices + 1;
END;
--> statement-breakpoint
CREATE TRIGGER owed_by_due_month_delete AFTER DELETE ON invoices
  WHEN old.state IN ('issued', 'part_paid') AND old.due_at IS NOT NULL BEGIN
  UPDATE owed_by_due_month
    SET owed_pence = owed_pence - max(0, old.gross_pence - old.less_deposit_pence - old.amount_paid_pence - old.amount_credited_pence),
      invoices = invoices - 1
    WHERE month = strftime('%Y-%m', old.due_at / 1000, 'unixepoch');
END;
--> statement-breakpoint
CREATE TRIGGER owed_by_due_month_before_update
  BEFORE UPDATE OF state, due_at, gross_pence, less_deposit_pence, amount_paid_pence, amount_credited_pence ON invoices
  WHEN old.state IN ('issued', 'part_paid') AND old.due_at IS NOT NULL BEGIN
  UPDATE owed_by_due_month
    SET owed_pence = owed_pence - max(0, old.gross_pence - old.less_deposit_pence - old.amount_paid_pence - old.amount_credited_pence),
      invoices = invoices - 1
    WHERE month = strftime('%Y-%m', old.due_at / 1000, 'unixepoch');
END;
--> statement-breakpoint
CREATE TRIGGER owed_by_due_month_after_update
  AFTER UPDATE OF state, due_at, gross_pence, less_deposit_pence, amount_paid_pence, amount_credited_pence ON invoices
  WHEN new.state IN ('issued', 'part_paid') AND new.due_at IS NOT NULL BEGIN
  INSERT INTO owed_by_due_month (month, owed_pence, invoices)
    VALUES (strftime('%Y-%m', new.due_at / 1000, 'unixepoch'),
      max(0, new.gross_pence - new.less_deposit_pence - new.amount_paid_pence - new.amount_credited_pence), 1)
    ON CONFLICT (month) DO UPDATE SET owed_pence = owed_pence + excluded.owed_pence, invoices = invoices + 1;
END;
