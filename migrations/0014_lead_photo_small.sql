-- A small version of each lead photo for the admin's thumbnails (issue 38). Workers cannot decode
-- images, so the customer's browser draws it (the longest side at most 480 px, JPEG or WebP) and
-- sends it with the photo; the server checks it and stores it in R2 next to the original, under the
-- same private prefix (leads/<lead id>/<n>-small-<sha-256>.<ext>). Empty for photos sent without
-- JavaScript and for photos stored before this: the admin then shows the original. Written by hand.
ALTER TABLE `lead_photos` ADD `small_key` text;
ALTER TABLE `lead_photos` ADD `small_type` text;
ALTER TABLE `lead_photos` ADD `small_width` integer;
ALTER TABLE `lead_photos` ADD `small_height` integer;
