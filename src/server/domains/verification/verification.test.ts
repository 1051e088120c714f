import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  signedInAdmin,
  signedInCustomer,
  verifiedCustomer,
} from "../../testing/actors";
import {
  pdfDocument,
  pdfWithScript,
  pdfWithShadowedScript,
  photoWithLocation,
  pngBomb,
  pngImage,
  type UploadFile,
  VERIFICATION_DETAILS,
  validDocuments,
  verificationForm,
} from "../../testing/identity-documents";
import { orderInput, placeOrder, postOrder } from "../../testing/orders";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { createClient } from "../../testing/test-client";

/* Identity verification (issue 24, items 2 to 5): the customer's submission, the review. */

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

beforeAll(async () => {
  testApp = await createTestApp({ ADMIN_NOTIFY_EMAIL: "desk@example.in" });
  admin = await signedInAdmin(testApp);
});
afterAll(() => testApp.close());

async function submit(customer: Client, documents?: Parameters<typeof verificationForm>[0]) {
  return customer.post(
    "/api/verification",
    verificationForm(documents ?? (await validDocuments())),
  );
}

async function storedFor(userId: string) {
  const submissions = await testApp.db
    .selectFrom("verification_submissions")
    .select("id")
    .where("user_id", "=", userId)
    .execute();
  const documents = await testApp.db
    .selectFrom("verification_documents as d")
    .innerJoin("verification_submissions as s", "s.id", "d.submission_id")
    .select("d.id")
    .where("s.user_id", "=", userId)
    .execute();
  const row = await testApp.db
    .selectFrom("customer_verifications")
    .select("status")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return { submissions: submissions.length, documents: documents.length, status: row?.status };
}

function outboxTo(to: string) {
  return testApp.db
    .selectFrom("notification_outbox")
    .select(["topic", "payload"])
    .where(({ ref, eb }) => eb(ref("payload", "->>").key("to" as never), "=", to))
    .orderBy("id")
    .execute();
}

describe("a customer's verification", () => {
  it("is not needed until asked; a submission waits for review with its documents sealed", async () => {
    const customer = await signedInCustomer(testApp);
    expect((await customer.get("/api/verification")).json).toEqual({
      status: "not_needed",
      requestedAt: null,
      requestNote: null,
      submission: null,
    });

    const response = await submit(customer);
    expect(response.status, response.text).toBe(201);
    expect(response.json).toMatchObject({
      status: "submitted",
      submission: {
        legalName: "Ravi Kumar Sharma",
        pan: "ABCPK1234F",
        dateOfBirth: "1990-04-15",
        addressDocumentKind: "aadhaar_masked",
        decision: null,
      },
    });
    const documents = response.json.submission.documents as { id: string; kind: string }[];
    expect(documents.map((document) => document.kind).sort()).toEqual([
      "addressDocument",
      "panCard",
      "selfie",
    ]);

    // At rest, the bytes are not the document's.
    const rows = await testApp.db
      .selectFrom("verification_documents")
      .select(["kind", "ciphertext", "key_id", "byte_size"])
      .where(
        "id",
        "in",
        documents.map((document) => document.id),
      )
      .execute();
    for (const row of rows) {
      expect(row.ciphertext.length).toBe(row.byte_size);
      expect(row.ciphertext.includes(Buffer.from("%PDF-"))).toBe(false);
      expect(row.ciphertext.includes(Buffer.from("PNG"))).toBe(false);
    }
    expect(new Set(rows.map((row) => row.key_id)).size).toBe(1);

    // The customer sees what they sent: the photo without its EXIF (location), the PDF as sent.
    const panCard = documents.find((document) => document.kind === "panCard");
    const photo = await customer.request("GET", `/api/verification/documents/${panCard?.id}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(photo.headers.get("cache-control")).toBe("no-store");
    const metadata = await sharp(photo.bytes).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();

    // Operators hear of it.
    expect((await outboxTo("desk@example.in")).map((row) => row.topic)).toContain(
      "verification.submitted",
    );
  });

  it("cannot be sent again while it waits, nor set its own status (mass assignment)", async () => {
    const customer = await signedInCustomer(testApp);
    const form = verificationForm(await validDocuments(), {
      ...VERIFICATION_DETAILS,
      status: "verified",
      verifiedName: "Someone Else",
    } as typeof VERIFICATION_DETAILS);
    expect((await customer.post("/api/verification", form)).status).toBe(201);
    expect((await storedFor(customer.userId)).status).toBe("submitted");
    const again = await submit(customer);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("VERIFICATION_WAITING");
    expect(await storedFor(customer.userId)).toMatchObject({ submissions: 1, documents: 3 });
  });

  it("refuses a customer who cannot send before it reads their files (no decoding on repeat)", async () => {
    const customer = await signedInCustomer(testApp);
    expect((await submit(customer)).status).toBe(201);
    // Files the checks would have to decode to refuse: the refusal comes first.
    const damaged = {
      ...(await validDocuments()),
      selfie: { name: "selfie.jpg", bytes: Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3, 4, 5]) },
    };
    const again = await submit(customer, damaged);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("VERIFICATION_WAITING");
    expect(await storedFor(customer.userId)).toMatchObject({ submissions: 1, documents: 3 });
  });

  it("stores one submission when two race", async () => {
    const customer = await signedInCustomer(testApp);
    const documents = await validDocuments();
    const answers = await Promise.all([submit(customer, documents), submit(customer, documents)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await storedFor(customer.userId)).toMatchObject({ submissions: 1, documents: 3 });
  });

  it.each([
    ["legalName", { legalName: "R" }],
    ["pan", { pan: "ABCCK1234F" }], // a company's PAN
    ["pan", { pan: "ABCP1234F" }],
    ["dateOfBirth", { dateOfBirth: "2015-01-01" }],
    ["dateOfBirth", { dateOfBirth: "1990-02-30" }],
    ["address", { address: "Delhi" }],
    ["addressDocumentKind", { addressDocumentKind: "aadhaar" }], // unmasked: never
  ])("refuses a bad %s with a 400 naming it, storing nothing", async (field, change) => {
    const customer = await signedInCustomer(testApp);
    const form = verificationForm(await validDocuments(), { ...VERIFICATION_DETAILS, ...change });
    const response = await customer.post("/api/verification", form);
    expect(response.status).toBe(400);
    expect(response.json.field).toBe(field);
    expect(await storedFor(customer.userId)).toEqual({
      submissions: 0,
      documents: 0,
      status: undefined,
    });
  });
});

describe("how often a customer may send", () => {
  /** A broken selfie: two images are decoded before the third is refused. */
  async function brokenSelfie() {
    return {
      ...(await validDocuments()),
      selfie: { name: "selfie.jpg", bytes: Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3, 4, 5]) },
    };
  }

  async function windows(keys: string[]) {
    return testApp.db
      .selectFrom("verification_attempt_windows")
      .select(["key", "attempts"])
      .where("key", "in", keys)
      .orderBy("key")
      .execute();
  }

  /** A customer signed in elsewhere, now calling from `address`. */
  async function customerAt(address: string) {
    const customer = await signedInCustomer(testApp);
    const client = createClient(testApp, address);
    for (const [name, value] of customer.cookies) client.cookies.set(name, value);
    return Object.assign(client, { userId: customer.userId });
  }

  it("counts attempts before it reads the form: parallel ones cannot pass the limit", async () => {
    const customer = await signedInCustomer(testApp);
    const documents = await brokenSelfie();
    const answers = await Promise.all(
      Array.from({ length: 14 }, () => submit(customer, documents)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0]?.json).toMatchObject({ code: "TOO_MANY_VERIFICATION_ATTEMPTS" });
    expect(refused[0]?.json.error).toMatch(/many times in the last hour/);
    // A refused attempt writes nothing, not even to the count.
    expect(await windows([`customer:${customer.userId}`, `address:${customer.ip}`])).toEqual([
      { key: `address:${customer.ip}`, attempts: 10 },
      { key: `customer:${customer.userId}`, attempts: 10 },
    ]);
    // Even a valid submission waits for the window to end.
    const valid = await submit(customer);
    expect(valid.status).toBe(429);
    expect(await storedFor(customer.userId)).toEqual({
      submissions: 0,
      documents: 0,
      status: undefined,
    });
    // An hour after the window began, it starts again.
    await testApp.db
      .updateTable("verification_attempt_windows")
      .set({ window_started_at: sql<Date>`now() - interval '61 minutes'` })
      .where("key", "in", [`customer:${customer.userId}`, `address:${customer.ip}`])
      .execute();
    expect((await submit(customer)).status).toBe(201);
    expect(await windows([`customer:${customer.userId}`])).toEqual([
      { key: `customer:${customer.userId}`, attempts: 1 },
    ]);
  });

  it("counts a form it cannot read, and does not count a customer it refuses anyway", async () => {
    const customer = await signedInCustomer(testApp);
    const notAForm = await customer.post("/api/verification", { legalName: "Rahul Kumar" });
    expect(notAForm.status).toBe(400);
    expect(await windows([`customer:${customer.userId}`])).toEqual([
      { key: `customer:${customer.userId}`, attempts: 1 },
    ]);
    expect((await submit(customer)).status).toBe(201);
    expect((await submit(customer)).status).toBe(409);
    expect(await windows([`customer:${customer.userId}`])).toEqual([
      { key: `customer:${customer.userId}`, attempts: 2 },
    ]);
  });

  it("limits each address, whoever is signed in there", async () => {
    const address = "10.88.0.1";
    const customers = [];
    for (let index = 0; index < 6; index += 1) customers.push(await customerAt(address));
    for (const customer of customers.slice(0, 5)) {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        expect((await customer.post("/api/verification", {})).status).toBe(400);
      }
    }
    const last = customers[5];
    if (!last) throw new Error("six customers");
    const refused = await submit(last);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe("TOO_MANY_VERIFICATION_ATTEMPTS");
    expect(await storedFor(last.userId)).toMatchObject({ submissions: 0 });
    expect(await windows([`customer:${last.userId}`])).toEqual([]);
    // The same customer from another address may send.
    const elsewhere = createClient(testApp, "10.88.0.2");
    for (const [name, value] of last.cookies) elsewhere.cookies.set(name, value);
    expect((await submit(elsewhere)).status).toBe(201);
  });
});

describe("hostile files", () => {
  const jpegWithTail = async () =>
    Buffer.concat([await photoWithLocation(), Buffer.from("<html><script>alert(1)</script>")]);
  const cases: [string, () => Promise<UploadFile>, number, string][] = [
    ["0 bytes", async () => ({ name: "pan.jpg", bytes: new Uint8Array() }), 400, "FILE_EMPTY"],
    [
      "over 5 MB",
      async () => ({
        name: "pan.jpg",
        bytes: Buffer.concat([await photoWithLocation(), Buffer.alloc(5 * 1024 * 1024)]),
      }),
      413,
      "FILE_TOO_LARGE",
    ],
    [
      "a GIF named .png",
      async () => ({ name: "pan.png", bytes: Buffer.from("GIF89a\x01\x00\x01\x00", "latin1") }),
      415,
      "FILE_TYPE",
    ],
    [
      "a script named .pdf",
      async () => ({ name: "pan.pdf", bytes: Buffer.from("<script>alert(1)</script>") }),
      415,
      "FILE_TYPE",
    ],
    [
      "a PNG under .jpg",
      async () => ({ name: "pan.jpg", bytes: await pngImage() }),
      422,
      "FILE_TYPE_MISMATCH",
    ],
    [
      "a JPEG cut short",
      async () => ({ name: "pan.jpg", bytes: (await photoWithLocation()).subarray(0, 200) }),
      422,
      "FILE_DAMAGED",
    ],
    [
      "a 20,000 × 20,000 px PNG (decompression bomb)",
      async () => ({ name: "pan.png", bytes: pngBomb() }),
      422,
      "IMAGE_TOO_LARGE",
    ],
    [
      "a truncated PDF",
      async () => {
        const pdf = await pdfDocument();
        return { name: "pan.pdf", bytes: pdf.subarray(0, pdf.length - 40) };
      },
      422,
      "PDF_DAMAGED",
    ],
    [
      "a PDF with HTML after its end (polyglot)",
      async () => ({
        name: "pan.pdf",
        bytes: Buffer.concat([await pdfDocument(), Buffer.from("\n<html><script>x</script>")]),
      }),
      422,
      "PDF_DAMAGED",
    ],
    [
      "a PDF with JavaScript",
      async () => ({ name: "pan.pdf", bytes: await pdfWithScript() }),
      422,
      "PDF_ACTIVE_CONTENT",
    ],
    [
      "a PDF whose script hides behind a harmless twin of its object",
      async () => ({ name: "pan.pdf", bytes: pdfWithShadowedScript() }),
      422,
      "PDF_ACTIVE_CONTENT",
    ],
  ];

  it.each(cases)("refuses %s with a clear 4xx, storing nothing", async (_, file, status, code) => {
    const customer = await signedInCustomer(testApp);
    const documents = { ...(await validDocuments()), panCard: await file() };
    const response = await submit(customer, documents);
    expect(response.status, response.text).toBe(status);
    expect(response.json.code).toBe(code);
    expect(response.json.field).toBe("panCard");
    expect(response.json.error).toMatch(/\w+ \w+/);
    expect(await storedFor(customer.userId)).toEqual({
      submissions: 0,
      documents: 0,
      status: undefined,
    });
  });

  it("refuses a missing document and a body over the limit", async () => {
    const customer = await signedInCustomer(testApp);
    const form = verificationForm(await validDocuments());
    form.delete("selfie");
    const missing = await customer.post("/api/verification", form);
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: "FILE_MISSING", field: "selfie" });
    const huge = await customer.request("POST", "/api/verification", undefined, {
      "content-type": "multipart/form-data; boundary=x",
      "content-length": String(16 * 1024 * 1024),
    });
    expect(huge.status).toBe(413);
    expect(await storedFor(customer.userId)).toMatchObject({ submissions: 0 });
  });

  it("keeps the image of a JPEG with something appended, and drops the rest", async () => {
    const customer = await signedInCustomer(testApp);
    const documents = {
      ...(await validDocuments()),
      panCard: { name: "pan.jpg", bytes: await jpegWithTail() },
    };
    const response = await submit(customer, documents);
    expect(response.status, response.text).toBe(201);
    const panCard = response.json.submission.documents.find(
      (document: { kind: string }) => document.kind === "panCard",
    );
    const stored = await admin.get(`/api/admin/verifications/documents/${panCard.id}`);
    expect(stored.status).toBe(200);
    expect(stored.text).not.toContain("<script>");
  });
});

describe("the operator's review", () => {
  it("asks a customer (audited, mailed in their language), then approves their submission", async () => {
    const customer = await verifiedCustomer(testApp);
    await customer.request("PUT", "/api/account/language", { language: "hi" });
    const order = await placeOrder(customer, { amount: "1500", payerName: "Ravi Sharma" });
    const asked = await admin.post(`/api/admin/users/${customer.userId}/verification-request`, {
      note: "Your orders this week were large.",
    });
    expect(asked.status, asked.text).toBe(200);
    expect(asked.json).toMatchObject({
      status: "requested",
      requestNote: "Your orders this week were large.",
    });
    const row = await testApp.db
      .selectFrom("customer_verifications")
      .select(["requested_at", "requested_by"])
      .where("user_id", "=", customer.userId)
      .executeTakeFirstOrThrow();
    expect(row.requested_at).not.toBeNull();
    expect(row.requested_by).toBe(admin.userId);
    expect((await customer.get("/api/verification")).json.status).toBe("requested");
    // Their next order needs verification whatever the amount (the order limits read the request).
    const refused = await customer.post("/api/orders/payment-offer", {
      sendCurrency: "upi_inr",
      amount: "100",
    });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("VERIFICATION_REQUESTED");

    const submitted = await submit(customer);
    expect(submitted.status).toBe(201);

    const queue = await admin.get("/api/admin/verifications");
    expect(queue.status).toBe(200);
    expect(queue.json.waiting.map((item: { email: string }) => item.email)).toContain(
      customer.email,
    );
    const review = await admin.get(`/api/admin/verifications/${customer.userId}`);
    expect(review.json).toMatchObject({
      email: customer.email,
      status: "submitted",
      // The PAN name is compared with the names the customer paid from.
      submission: { legalName: "Ravi Kumar Sharma" },
      payerNames: [{ name: "Ravi Sharma", orders: 1 }],
    });
    const dashboard = await admin.get("/api/admin/dashboard");
    expect(dashboard.json.verificationsWaiting).toBeGreaterThan(0);

    // Every view of a document is an audit row.
    const document = review.json.submission.documents[0];
    const view = await admin.get(`/api/admin/verifications/documents/${document.id}`);
    expect(view.status).toBe(200);
    expect(view.headers.get("cache-control")).toBe("no-store");

    const approved = await admin.post(`/api/admin/verifications/${customer.userId}/decision`, {
      submissionId: review.json.submission.id,
      decision: "verified",
    });
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.status).toBe("verified");
    expect((await customer.get("/api/verification")).json.status).toBe("verified");
    const verifiedName = await testApp.db
      .selectFrom("customer_verifications")
      .select("verified_name")
      .where("user_id", "=", customer.userId)
      .executeTakeFirstOrThrow();
    expect(verifiedName.verified_name).toBe("Ravi Kumar Sharma");
    // Verified, they order again.
    expect((await postOrder(customer, orderInput({ amount: "100" }))).status).toBe(201);
    const orders = await admin.get(
      `/api/admin/orders?search=${encodeURIComponent(customer.email)}`,
    );
    expect(orders.json.orders).toContainEqual(
      expect.objectContaining({ id: order.id, customerVerifiedName: "Ravi Kumar Sharma" }),
    );

    const audits = await testApp.db
      .selectFrom("audit_log")
      .select(["action", "actor_id"])
      .where("target_id", "=", customer.userId)
      .orderBy("id")
      .execute();
    expect(audits.map((audit) => audit.action)).toEqual([
      "verification.requested",
      "verification.document_viewed",
      "verification.approved",
    ]);
    const mails = await outboxTo(customer.email);
    const topics = mails.map((mail) => mail.topic);
    expect(topics).toContain("verification.requested");
    expect(topics).toContain("verification.verified");
    const approval = mails.find((mail) => mail.topic === "verification.verified");
    expect(JSON.stringify(approval?.payload)).toContain("वेरिफ़ाई");

    // Verified: neither asked again nor sent again.
    expect(
      (await admin.post(`/api/admin/users/${customer.userId}/verification-request`, {})).status,
    ).toBe(409);
    expect((await submit(customer)).status).toBe(409);
  });

  it("rejects with a reason the customer reads, who may then send again", async () => {
    const customer = await verifiedCustomer(testApp);
    const first = await submit(customer);
    const submissionId = first.json.submission.id;
    const noReason = await admin.post(`/api/admin/verifications/${customer.userId}/decision`, {
      submissionId,
      decision: "rejected",
    });
    expect(noReason.status).toBe(400);
    const rejected = await admin.post(`/api/admin/verifications/${customer.userId}/decision`, {
      submissionId,
      decision: "rejected",
      note: "The PAN card photo is blurred.",
    });
    expect(rejected.status, rejected.text).toBe(200);
    const own = (await customer.get("/api/verification")).json;
    expect(own).toMatchObject({
      status: "rejected",
      submission: { decision: "rejected", decisionNote: "The PAN card photo is blurred." },
    });
    const mail = (await outboxTo(customer.email)).find(
      (row) => row.topic === "verification.rejected",
    );
    expect(JSON.stringify(mail?.payload)).toContain("The PAN card photo is blurred.");

    // Deciding the same submission twice is refused.
    const twice = await admin.post(`/api/admin/verifications/${customer.userId}/decision`, {
      submissionId,
      decision: "verified",
    });
    expect(twice.status).toBe(409);

    const again = await submit(customer);
    expect(again.status).toBe(201);
    expect(again.json.status).toBe("submitted");
    expect(await storedFor(customer.userId)).toMatchObject({ submissions: 2, documents: 6 });
  });
});

describe("one person, one verified account", () => {
  /** A customer who sent their documents with this PAN, and their submission's id. */
  async function submittedWithPan(pan: string) {
    const customer = await verifiedCustomer(testApp);
    const form = verificationForm(await validDocuments(), { ...VERIFICATION_DETAILS, pan });
    const submitted = await customer.post("/api/verification", form);
    expect(submitted.status, submitted.text).toBe(201);
    return { customer, submissionId: submitted.json.submission.id as string };
  }
  const approve = ({ customer, submissionId }: Awaited<ReturnType<typeof submittedWithPan>>) =>
    admin.post(`/api/admin/verifications/${customer.userId}/decision`, {
      submissionId,
      decision: "verified",
    });

  it("refuses to approve a PAN another account is verified with, and writes nothing", async () => {
    const first = await submittedWithPan("PQRPS4321T");
    const second = await submittedWithPan("pqrps4321t");
    expect((await approve(first)).status).toBe(200);

    const refused = await approve(second);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe("PAN_VERIFIED_ELSEWHERE");
    expect(refused.json.error).toContain(first.customer.email);
    expect(await storedFor(second.customer.userId)).toMatchObject({ status: "submitted" });
    const decided = await testApp.db
      .selectFrom("verification_submissions")
      .select("decision")
      .where("id", "=", second.submissionId)
      .executeTakeFirstOrThrow();
    expect(decided.decision).toBeNull();
    const audits = await testApp.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", second.customer.userId)
      .execute();
    expect(audits.map((audit) => audit.action)).not.toContain("verification.approved");
    expect((await outboxTo(second.customer.email)).map((mail) => mail.topic)).not.toContain(
      "verification.verified",
    );

    // The operator can still reject it, with the reason.
    const rejected = await admin.post(
      `/api/admin/verifications/${second.customer.userId}/decision`,
      {
        submissionId: second.submissionId,
        decision: "rejected",
        note: "This PAN is verified on your other account.",
      },
    );
    expect(rejected.status, rejected.text).toBe(200);
  });

  it("approves one of two accounts with one PAN approved at once", async () => {
    const accounts = [await submittedWithPan("LMNPK8765J"), await submittedWithPan("LMNPK8765J")];
    const statuses = (await Promise.all(accounts.map(approve))).map((answer) => answer.status);
    expect(statuses.sort()).toEqual([200, 409]);
  });
});

describe("who may read what", () => {
  it("serves a document only to its owner and to stepped-up admins", async () => {
    const owner = await signedInCustomer(testApp);
    const submitted = await submit(owner);
    const id = submitted.json.submission.documents[0].id;
    const other = await signedInCustomer(testApp);
    const anonymous = createClient(testApp);
    const unelevated = await signedInAdmin(testApp, { isElevated: false });

    expect((await anonymous.get("/api/verification")).status).toBe(401);
    expect(
      (await anonymous.post("/api/verification", verificationForm(await validDocuments()))).status,
    ).toBe(401);
    expect((await anonymous.get(`/api/verification/documents/${id}`)).status).toBe(401);
    expect((await other.get(`/api/verification/documents/${id}`)).status).toBe(404);
    expect((await other.get("/api/verification")).json.status).toBe("not_needed");
    expect((await owner.get(`/api/verification/documents/${id}`)).status).toBe(200);

    const adminRoutes: [string, string, unknown?][] = [
      ["GET", "/api/admin/verifications"],
      ["GET", `/api/admin/verifications/${owner.userId}`],
      ["GET", `/api/admin/verifications/documents/${id}`],
      [
        "POST",
        `/api/admin/verifications/${owner.userId}/decision`,
        { submissionId: submitted.json.submission.id, decision: "verified" },
      ],
      ["POST", `/api/admin/users/${owner.userId}/verification-request`, { note: "" }],
    ];
    for (const [method, path, body] of adminRoutes) {
      expect((await anonymous.request(method, path, body)).status, path).toBe(401);
      expect((await other.request(method, path, body)).status, path).toBe(403);
      expect((await owner.request(method, path, body)).status, path).toBe(403);
      const refused = await unelevated.request(method, path, body);
      expect(refused.status, path).toBe(403);
      expect(refused.json.code).toBe("STEP_UP_REQUIRED");
    }
    expect(await storedFor(owner.userId)).toMatchObject({ status: "submitted" });
    const views = await testApp.db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "verification.document_viewed")
      .where("target_id", "=", owner.userId)
      .execute();
    expect(views).toEqual([]);
  });
});
