/**
 * `?page=N` everywhere it is read (the blog, the page cache, the admin lists): a positive whole
 * number without leading zeros. Anything else is not a page.
 */
const PAGE_NUMBER = /^[1-9]\d{0,5}$/;

export const isPageNumber = (raw: string | undefined | null): raw is string => raw != null && PAGE_NUMBER.test(raw);

/** Lists that forgive a bad value (the admin's) read it as page 1. */
export const pageOrFirst = (raw: string | undefined | null): number => (isPageNumber(raw) ? Number(raw) : 1);
