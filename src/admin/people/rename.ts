import type { Context } from 'hono';
import * as v from 'valibot';
import { d1Database } from '../../db/client';
import { findPerson, renamePerson } from '../../db/people';
import { audit } from '../audit/audit';
import type { AdminEnv } from '../shell/render';
import { WAS_FIELD } from './NameForm';
import { inviteSchema } from './person-form';

/**
 * Renaming a person: the owner renames anyone (themselves too), and everyone renames themselves.
 * The form carries the name it was read with; a rename from a page older than someone else's
 * rename changes nothing and says what the name is now (409). The audit line names the person
 * by id only.
 */

export type RenameResult = { ok: true } | { ok: false; status: 400 | 404 | 409; error: string };

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 1000) : '');

export async function renameFromForm(
  c: Context<AdminEnv>,
  personId: number,
  body: Record<string, unknown>,
): Promise<RenameResult> {
  const db = d1Database(c.env);
  const person = await findPerson(db, personId);
  if (!person) return { ok: false, status: 404, error: 'That person is not here (already removed?).' };
  const name = v.safeParse(inviteSchema.entries.name, text(body.name));
  if (!name.success) return { ok: false, status: 400, error: name.issues[0].message };
  const was = text(body[WAS_FIELD]);
  if (person.name !== was) {
    return {
      ok: false,
      status: 409,
      error: `Someone renamed ${was ? `“${was}”` : 'them'} to “${person.name}” while you had this page open. Nothing was changed: rename again if you still want to.`,
    };
  }
  if (name.output === person.name) return { ok: true };
  if (!(await renamePerson(db, person.id, was, name.output))) {
    const now = await findPerson(db, person.id);
    return now
      ? {
          ok: false,
          status: 409,
          error: `Someone renamed them to “${now.name}” just now. Nothing was changed: rename again if you still want to.`,
        }
      : { ok: false, status: 404, error: 'That person is not here (already removed?).' };
  }
  await audit(c, 'person-renamed', 'person', person.id);
  return { ok: true };
}
