import type { JobStatus } from '../../rules/job-status';
import type { BadgeTone } from '../shell/parts';

/** Each status's badge colour: new stands out, a visit asked to move or cancelled needs the owner, closed leads recede. */
export const STATUS_TONE: Record<JobStatus, BadgeTone> = {
  new: 'blue',
  contacted: 'amber',
  booked: 'green',
  rebook: 'amber',
  cancelled: 'red',
  done: 'grey',
  lost: 'grey',
};
