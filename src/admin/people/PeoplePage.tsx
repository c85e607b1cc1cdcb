import { buttonClass } from '../../components/button';
import type { AdminSessionRow, Invite, Person } from '../../db/schema';
import { formatLondon } from '../../rules/uk-time';
import { ROLE_NAMES } from '../auth/roles';
import { CSRF_FIELD } from '../auth/session';
import { SessionList } from '../devices/SessionList';
import { DEVICES_PATH } from '../shell/home';
import { Notice } from '../shell/MessagePage';
import { Badge, describedBy, Field } from '../shell/parts';
import { NameForm } from './NameForm';
import type { InviteErrors, InviteValues } from './person-form';
import { OFFICE_WORK, OWNER_ONLY_WORK, ROLE_SCOPE } from './role-words';

export const PEOPLE_NOTICES = {
  invited: ['success', 'Invitation sent. The link works once, for 48 hours.'],
  removed: ['success', 'Removed. Every device they were signed in on is signed out.'],
  'removed-jobs-yours': [
    'success',
    'Removed. Every device they were signed in on is signed out, and the jobs booked for them are now yours: see Schedule.',
  ],
  'signed-out': ['success', 'That device is signed out.'],
  'signed-out-all': ['success', 'Signed out on every device.'],
  'role-changed': ['success', 'Role changed. It applies from their next page.'],
  renamed: ['success', 'Name changed.'],
} as const;

/** The roles as the forms offer them, with what each may do. */
const ROLE_CHOICES: { value: Person['role']; label: string }[] = [
  { value: 'office', label: `Office: ${ROLE_SCOPE.office}` },
  { value: 'engineer', label: `Engineer: ${ROLE_SCOPE.engineer}` },
  { value: 'owner', label: `Owner: ${ROLE_SCOPE.owner}` },
];

/** Another person's role, changed in place (an office hand who now goes out on jobs, say). */
function RoleForm({ csrf, person }: { csrf: string; person: Person }) {
  const id = `role-${person.id}`;
  return (
    <form method="post" action={`/admin/people/${person.id}/role`} className="admin-person-role">
      <input type="hidden" name={CSRF_FIELD} value={csrf} />
      <label htmlFor={id}>{`${person.name}’s role`}</label>
      <select className="lead-form__control" id={id} name="role" defaultValue={person.role}>
        {ROLE_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonClass('outline', 'sm')}>
        Change role
      </button>
    </form>
  );
}

export interface PeoplePageProps {
  csrf: string;
  selfId: number;
  people: Person[];
  invites: Invite[];
  /** Everyone's sessions: each person's devices are listed under them. */
  sessions: AdminSessionRow[];
  /** The sessions whose device has alerts on. */
  alertSessions: ReadonlySet<number>;
  values: InviteValues;
  errors?: InviteErrors;
  error?: string;
  notice?: keyof typeof PEOPLE_NOTICES;
}

const MAIL_WORDS: Record<Invite['mailStatus'], string> = {
  pending: 'e-mail being sent',
  sent: 'e-mail sent',
  retrying: 'e-mail delayed, trying again',
  failed: 'e-mail could not be sent',
  skipped: 'e-mail off (no mail key)',
};

/** Another person's devices, folded away: the owner signs out one, or all (a lost phone, someone leaving). */
function PersonDevices({
  csrf,
  person,
  sessions,
  alertSessions,
}: {
  csrf: string;
  person: Person;
  sessions: AdminSessionRow[];
  alertSessions: ReadonlySet<number>;
}) {
  if (sessions.length === 0) return <p className="admin-muted admin-person-devices">Not signed in on any device.</p>;
  return (
    <details className="admin-person-devices">
      <summary>{`Signed in on ${sessions.length === 1 ? '1 device' : `${sessions.length} devices`}`}</summary>
      <SessionList
        csrf={csrf}
        sessions={sessions}
        alertSessions={alertSessions}
        endAction={(row) => `/admin/people/${person.id}/sessions/${row.id}/end`}
      />
      {sessions.length > 1 && (
        <form method="post" action={`/admin/people/${person.id}/sessions/end-all`}>
          <input type="hidden" name={CSRF_FIELD} value={csrf} />
          <button type="submit" className={buttonClass('outline', 'sm')}>
            {`Sign ${person.name} out on every device`}
          </button>
        </form>
      )}
    </details>
  );
}

/** Who can sign in, their role, open invitations, and the invitation form. Plain forms throughout. */
export function PeoplePage({
  csrf,
  selfId,
  people,
  invites,
  sessions,
  alertSessions,
  values,
  errors = {},
  error,
  notice,
}: PeoplePageProps) {
  const [tone, text] = notice ? PEOPLE_NOTICES[notice] : [];
  const waiting = new Map(invites.map((invite) => [invite.personId, invite]));
  const sessionsOf = (personId: number) => sessions.filter((row) => row.personId === personId);
  return (
    <section className="admin-panel">
      <h1 className="admin-title">People</h1>
      {tone && <Notice tone={tone}>{text}</Notice>}
      {error && <Notice tone="error">{error}</Notice>}
      <p className="admin-muted">
        {`Owners can do everything. Office staff work on ${OFFICE_WORK}; ${OWNER_ONLY_WORK} are the owner’s. Engineers see only the jobs given to them.`}
      </p>
      <ul className="admin-list">
        {people.map((person) => {
          const invite = waiting.get(person.id);
          return (
            <li key={person.id} className="admin-item">
              <div className="admin-item__main">
                <span className="admin-item__title">{person.id === selfId ? `${person.name} (you)` : person.name}</span>
                <p className="admin-item__meta">
                  <Badge tone={person.role === 'owner' ? 'blue' : person.role === 'engineer' ? 'green' : 'grey'}>
                    {ROLE_NAMES[person.role]}
                  </Badge>
                  {person.email && <span>{person.email}</span>}
                  {invite && (
                    <span>{`Invited: link valid until ${formatLondon(invite.expiresAt)}, ${MAIL_WORDS[invite.mailStatus]}`}</span>
                  )}
                </p>
                <NameForm
                  csrf={csrf}
                  action={`/admin/people/${person.id}/name`}
                  id={`name-${person.id}`}
                  label={person.id === selfId ? 'Your name' : `${person.name}’s name`}
                  name={person.name}
                />
                {person.id === selfId ? (
                  <a href={DEVICES_PATH}>Your devices</a>
                ) : (
                  <>
                    <PersonDevices csrf={csrf} person={person} sessions={sessionsOf(person.id)} alertSessions={alertSessions} />
                    <RoleForm csrf={csrf} person={person} />
                  </>
                )}
              </div>
              {person.id !== selfId && (
                <form method="post" action={`/admin/people/${person.id}/remove`} className="admin-item__actions">
                  <input type="hidden" name={CSRF_FIELD} value={csrf} />
                  <button type="submit" className={buttonClass('outline', 'sm', 'admin-danger-link')}>
                    {`Remove ${person.name}`}
                  </button>
                </form>
              )}
            </li>
          );
        })}
      </ul>
      <h2 className="admin-subtitle">Invite someone</h2>
      <form method="post" action="/admin/people/invite" className="admin-form" noValidate>
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
        <Field name="name" label="Name" error={errors.name} required>
          <input
            className="lead-form__control"
            id="name"
            name="name"
            defaultValue={values.name}
            maxLength={80}
            aria-describedby={describedBy('name', false, !!errors.name)}
          />
        </Field>
        <Field
          name="email"
          label="E-mail address"
          error={errors.email}
          hint="The invitation goes here. The link works once, for 48 hours."
          required
        >
          <input
            className="lead-form__control"
            id="email"
            name="email"
            type="email"
            defaultValue={values.email}
            maxLength={254}
            autoComplete="off"
            aria-describedby={describedBy('email', true, !!errors.email)}
          />
        </Field>
        <Field name="role" label="Role" error={errors.role} required>
          <select
            className="lead-form__control"
            id="role"
            name="role"
            defaultValue={values.role || 'office'}
            aria-describedby={describedBy('role', false, !!errors.role)}
          >
            {ROLE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className={buttonClass('default', 'default', 'admin-form__submit')}>
          Send invitation
        </button>
      </form>
    </section>
  );
}
