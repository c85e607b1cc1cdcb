-- Rescheduling (issue 37). Written by hand; depends on 0007 (the booking columns).
-- A lead's booking sequence: the iCalendar SEQUENCE of the visit's event, raised by one each time
-- the visit is booked or moved, so a customer's calendar (and a person's feed) replaces the event
-- it has (same UID) instead of adding a second. 0 for a lead never booked.
ALTER TABLE `leads` ADD `booking_sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Until now SEQUENCE was the seconds from 2026-01-01 to the lead's last change: a lead already
-- booked starts from that number, so its next .ics is higher than any one already sent.
UPDATE `leads` SET `booking_sequence` = max(0, (`updated_at` - 1767225600000) / 1000) WHERE `booked_day` IS NOT NULL;
