import type { Context } from 'hono';
import type { Role } from '../../db/schema';
import { OFFICE_WORK, OWNER_ONLY_WORK } from '../people/role-words';
import { SCHEDULE_PATH } from '../schedule/paths';
import { isAdminApi } from '../shell/admin-paths';
import { ADMIN_HOME } from '../shell/home';
import { MessagePage } from '../shell/MessagePage';
import { type AdminEnv, renderAdmin, signedIn } from '../shell/render';

/**
 * What each role may open (in words: role-words.ts): the owner everything; office staff the leads,
 * quotes, invoices and payments, the schedule, posts and media, and not the site's content and
 * settings, the people, checklists, exports, erasure (a lead's deletion and a person's erasure) or
 * the audit log; an engineer only the schedule of the jobs assigned to them,
 * those jobs' leads (without notes, e-mail addresses or money) and their own devices. Each route
 * group declares which (`declareAccess`); the guard checks it for every request, and
 * refuses the others here.
 */

export const ROLE_NAMES: Record<Role, string> = { owner: 'Owner', office: 'Office', engineer: 'Engineer' };

/** What an engineer is told when refused: the same words on the 403 page and in a JSON refusal. */
const ENGINEER_REFUSAL =
  'You are signed in as an engineer. You can see the jobs given to you on your schedule, and their details. The leads, the money, the site and the people are for the office and the owner.';

/** A JSON refusal to office staff: only owner routes refuse them (`declareAccess`). */
const OWNER_ONLY_REFUSAL = 'Only the owner can do this.';

/** An engineer's 403: what they can open instead (their schedule), in words. */
function refusedForEngineer(c: Context<AdminEnv>) {
  return renderAdmin(
    <MessagePage heading="This page is not part of your jobs">
      <p>{ENGINEER_REFUSAL}</p>
      <p>
        <a href={SCHEDULE_PATH}>Your schedule</a>
      </p>
    </MessagePage>,
    signedIn(c, 'Not allowed'),
    403,
  );
}

/**
 * Who sees what jobs were worth (a done lead's value, a returning customer's earlier jobs, the
 * dashboard's figures): the owner and office staff, as the leads section is theirs.
 */
export const MONEY_ROLES: readonly Role[] = ['owner', 'office'];
export const seesMoney = (role: Role) => MONEY_ROLES.includes(role);

/** 403 in words: what this person's role covers, and who to ask. */
export function refusedForRole(c: Context<AdminEnv>): Response | Promise<Response> {
  const engineer = c.var.person?.role === 'engineer';
  if (isAdminApi(c.req.path)) return c.json({ error: engineer ? ENGINEER_REFUSAL : OWNER_ONLY_REFUSAL }, 403);
  if (engineer) return refusedForEngineer(c);
  return renderAdmin(
    <MessagePage heading="This page is for the owner">
      <p>
        {`You are signed in as office staff. You can work on ${OFFICE_WORK}. ${OWNER_ONLY_WORK[0]!.toUpperCase()}${OWNER_ONLY_WORK.slice(1)} are for the owner.`}
      </p>
      <p>Ask the owner if you need something done here.</p>
      <p>
        <a href={ADMIN_HOME}>Back to the dashboard</a>
      </p>
    </MessagePage>,
    signedIn(c, 'Not allowed'),
    403,
  );
}
