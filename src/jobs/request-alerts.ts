import type { AlertPayload, LeadAlertComposer } from '../push/payload';

/** The alerts on the owner's phones when a customer asks, from their request page, to cancel or rebook their booked job. */

const requestAlert = (id: string, kind: 'cancel' | 'rebook', title: string, body: string): AlertPayload => ({
  title,
  body,
  url: `/admin/leads/${id}`,
  tag: `${kind}-${id}`,
});

const cancelAlert: LeadAlertComposer = (_env, lead) =>
  requestAlert(lead.id, 'cancel', `${lead.name} cancelled the visit`, 'Their booked job is off: open the lead to call them.');

const rebookAlert: LeadAlertComposer = (_env, lead) =>
  requestAlert(lead.id, 'rebook', `${lead.name} asks to rebook`, 'Their booked job: open the lead to answer.');

/** The composer of each request's alert, by the request's name. */
export const REQUEST_ALERTS = { cancel: cancelAlert, rebook: rebookAlert } as const;
