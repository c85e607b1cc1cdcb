/** The installable admin's icons (scripts/build/admin-icons.mjs writes them) and colour. */
export const ADMIN_ICONS = { 192: '/admin-icon-192.png', 512: '/admin-icon-512.png' } as const;
export const ADMIN_THEME_COLOR = '#0b4f8a';
