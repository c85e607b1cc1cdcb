import type { LeadAlertComposer } from '../push/payload';

/** The owner's alert when a customer asks a question about their quote (opens the lead, where it is a note). */
export const questionAlert: LeadAlertComposer = (_env, lead) => ({
  title: `${lead.name} has a question about their quote`,
  body: 'Open the lead to read it and answer.',
  url: `/admin/leads/${lead.id}`,
  tag: `question-${lead.id}`,
});
