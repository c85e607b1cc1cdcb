/**
 * The version of a lead a form was read from: `state_change`, the id of the change that made the
 * lead what it is (`recordJobChange`), or '' for a lead no change has touched yet. Every form
 * that changes a lead carries it in this hidden field (`formIsCurrent` checks it).
 */
export const VERSION_FIELD = 'version';

export const leadVersion = (lead: { stateChange: string | null }) => lead.stateChange ?? '';
