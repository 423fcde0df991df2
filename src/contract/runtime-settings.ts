/**
 * Settings the server hands the staff SPA in index.html, as `<meta name="…" content="…">` tags (server/static.ts
 * writes them, the SPA reads them): runtime values, so one build serves every deployment.
 */

/** The address 'Contact Support' on the error page mails (SUPPORT_EMAIL, else ADMIN_EMAIL); absent when neither is set. */
export const SUPPORT_EMAIL_META = 'formbuilder-support-email';
