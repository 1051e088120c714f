/*
 * Loaded before every test file. zod 4 gives a schema its methods when the schema is
 * made, so @hono/zod-openapi's `.openapi()` reaches only schemas made after it loaded.
 * The server loads it before the shared schemas; a test that starts from the signer's
 * modules (which import shared schemas and no route) would load them first.
 */
import "@hono/zod-openapi";
