import type { JobStatus } from '../../rules/job-status';
import type { BadgeTone } from '../shell/parts';

/** Each status's badge colour: new stands out, closed leads recede. */
export const STATUS_TONE: Record<JobStatus, BadgeTone> = {
  new: 'blue',
  contacted: 'amber',
  booked: 'green',
  done: 'grey',
  lost: 'grey',
};
