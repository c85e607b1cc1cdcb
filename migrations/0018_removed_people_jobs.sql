-- Booked jobs of people removed before removal handed them over (src/db/assignment.ts,
-- handOverBookedJobs): back to "the owner" (assigned_to NULL: the first owner still here), so no
-- visit to be made stays with someone who is gone, out of every schedule and feed.
UPDATE leads SET assigned_to = NULL
WHERE job_status = 'booked'
  AND assigned_to IN (SELECT id FROM people WHERE removed_at IS NOT NULL);
