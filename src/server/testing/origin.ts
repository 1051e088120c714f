/**
 * The test app's public URL, as browsers send it in Origin. A module of its own so
 * that test-client.ts (which receiving-accounts.ts, and so test-app.ts, imports) need
 * not import test-app.ts back.
 */
export const TEST_ORIGIN = "http://localhost:3000";
