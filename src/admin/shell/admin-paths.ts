/** Admin paths answered with JSON rather than pages (downloads, and the editor's upload and preview API). */
export const isAdminApi = (path: string) => path.startsWith('/admin/api/') || path.endsWith('.csv');
