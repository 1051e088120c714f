/** The admin the e2e server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const E2E_ADMIN = { email: "admin@rupeedesk.test", password: "admin-pass-123" };
