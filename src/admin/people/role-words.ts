import type { Role } from '../../db/schema';

/**
 * What each role may do, in one set of words for the People page and its role form, the
 * invitation e-mail and the office's refusal page. They say what the route groups declare
 * (`declareAccess`): office staff reach the staff groups (leads, quotes, invoices and the payments
 * on them, the schedule, posts and pictures); the owner-only groups are the rest. The People
 * page's test opens each with an office session, so words and declarations cannot drift apart.
 */
export const OFFICE_WORK = 'leads, quotes, invoices and payments, the schedule, posts and pictures';

export const OWNER_ONLY_WORK =
  'site content and settings, people, on-site checklists, exports, deleting or erasing leads and the audit log';

export const ROLE_SCOPE: Record<Role, string> = {
  owner: 'everything',
  office: OFFICE_WORK,
  engineer: 'only the jobs given to them',
};
