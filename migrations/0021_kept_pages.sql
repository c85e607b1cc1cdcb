-- Public pages of an owner's content revision, kept for every data centre (src/cache/kept-pages.ts):
-- a cold isolate anywhere reads its page with the revision, in the one D1 statement every page
-- already makes, instead of rendering it. One row per page: the newest revision's copy replaces
-- the last, an owner's save deletes every older revision's, and a row made by another deploy
-- (version) is never served. The pages are the same for every visitor: nothing personal is here.
CREATE TABLE kept_pages (
  key TEXT PRIMARY KEY NOT NULL,
  version TEXT NOT NULL,
  revision INTEGER NOT NULL,
  meta TEXT NOT NULL,
  body TEXT NOT NULL
);
