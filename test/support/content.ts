import { defaultContent } from '../../src/site-content/defaults';
import { viewOf } from '../../src/site-content/view';

/** The content a fresh database shows (revision 0: the defaults in code), as pages read it. */
export const defaultView = viewOf(0, defaultContent(), Date.now());
/** The business facts of that view. */
export const site = defaultView.site;
