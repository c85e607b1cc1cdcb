/**
 * The query parameters of advert and campaign links: they say where a visitor came from and
 * change nothing on a page (the page cache leaves them out of its keys; a lead keeps them).
 */
export const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid'] as const;
