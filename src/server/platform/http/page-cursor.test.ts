import { describe, expect, it } from "vitest";
import { decodePageCursor, encodePageCursor } from "./page-cursor";

const ID = "0b0e7a52-0000-4000-8000-000000000001";
const isId = (text: string) => text === ID;
const cursorOf = (createdAt: string) =>
  Buffer.from(JSON.stringify([createdAt, ID])).toString("base64url");

describe("a page cursor sent back", () => {
  it("is read back as written, with PostgreSQL's microseconds", () => {
    const cursor = { createdAt: "2026-11-27 10:57:31.123456+00", id: ID };
    expect(decodePageCursor(encodePageCursor(cursor), isId)).toEqual(cursor);
  });

  // Each parses in JavaScript, and PostgreSQL refuses it: a 400 of our own, not the database's.
  it.each([
    "2026-02-30 10:00:00+00",
    "1",
    "-000001-01-01T00:00:00Z",
    "0000-01-01 00:00:00+00",
    "November 27, 2026",
  ])("is not ours when its time is %s", (createdAt) => {
    expect(decodePageCursor(cursorOf(createdAt), isId)).toBeNull();
  });
});
