import { describe, expect, it } from 'vitest';
import { officeSession, request, signIn } from './admin-helpers';
import { insertLead } from './admin-lead-fixtures';

/** A lead's page offers a control only to those whose role may use it (issue 47: office staff saw "Delete this lead…" and got a 403). */
describe('the owner-only controls on a lead page', () => {
  const leadPage = async (cookie: string, id: string) => {
    const res = await request(`/admin/leads/${id}`, { cookie });
    expect(res.status).toBe(200);
    return res.text();
  };

  it('shows the delete link to the owner and not to office staff', async () => {
    const lead = await insertLead();
    const owner = await signIn();
    const office = await officeSession();
    const deleteHref = `href="/admin/leads/${lead.id}/delete"`;

    const ownersPage = await leadPage(owner.cookie, lead.id);
    expect(ownersPage).toContain('Delete this lead…');
    expect(ownersPage).toContain(deleteHref);

    const officesPage = await leadPage(office.cookie, lead.id);
    expect(officesPage).not.toContain('Delete this lead');
    expect(officesPage).not.toContain(deleteHref);
    // What the office can do stays: the status forms and notes.
    expect(officesPage).toContain('Timeline');
  }, 20_000);
});
