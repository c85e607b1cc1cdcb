import * as v from 'valibot';

/** The invitation form: a name, an e-mail address and a role. Errors are written for the owner. */
export const inviteSchema = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Enter their name.'),
    v.maxLength(80, 'Keep the name under 80 characters.'),
    v.regex(/^[^\p{Cc}<>]*$/u, 'Use letters, spaces and ordinary punctuation in the name.'),
  ),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.toLowerCase(),
    v.nonEmpty('Enter their e-mail address.'),
    v.maxLength(254, 'That e-mail address is too long.'),
    v.email('Enter an e-mail address like name@example.com.'),
  ),
  role: v.picklist(['office', 'engineer', 'owner'], 'Choose a role: office, engineer or owner.'),
});

export type InviteValues = { name: string; email: string; role: string };
export type InviteErrors = Partial<Record<keyof InviteValues, string>>;

export function readInvite(
  values: InviteValues,
): { ok: true; value: v.InferOutput<typeof inviteSchema> } | { ok: false; errors: InviteErrors } {
  const result = v.safeParse(inviteSchema, values);
  if (result.success) return { ok: true, value: result.output };
  const errors: InviteErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.[0]?.key as keyof InviteValues | undefined;
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return { ok: false, errors };
}
