/** The passkey endpoints (JSON answers, so under /admin/api/): shared by the routes, the guard and the pages. */
export const PASSKEY_API = {
  signInOptions: '/admin/api/passkeys/sign-in/options',
  signIn: '/admin/api/passkeys/sign-in',
  registerOptions: '/admin/api/passkeys/register/options',
  register: '/admin/api/passkeys/register',
} as const;

/** An invitation's passkey endpoints: its token in the path is its proof. */
export const inviteApi = (token: string) => ({
  options: `/admin/api/invites/${token}/options`,
  register: `/admin/api/invites/${token}/register`,
});
