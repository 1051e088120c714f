import { describe, expect, it } from "vitest";
import { pageAfterLogin, pageForSignedIn } from "./page-after-login";

describe("where a signed-in reader goes from /login and /signup", () => {
  it("goes where logging in leads when the query names a page", () => {
    for (const search of ["?next=%2F", "?next=%2Forder-history", "?verified=1&next=%2F"]) {
      expect(pageForSignedIn(search)).toBe(pageAfterLogin(new URLSearchParams(search)));
    }
    expect(pageForSignedIn("?next=%2F")).toBe("/");
  });

  it("stays on the site when the named page is elsewhere", () => {
    expect(pageForSignedIn("?next=%2F%2Felsewhere.example")).toBe("/profile");
    expect(pageForSignedIn("?next=https%3A%2F%2Felsewhere.example")).toBe("/profile");
  });

  it("goes to the profile with the query otherwise: an e-mail link's outcome is shown there", () => {
    expect(pageForSignedIn("")).toBe("/profile");
    expect(pageForSignedIn("?verified=1&error=TOKEN_EXPIRED")).toBe(
      "/profile?verified=1&error=TOKEN_EXPIRED",
    );
  });
});
