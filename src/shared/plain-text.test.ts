import { describe, expect, it } from "vitest";
import { hasUnseenControls } from "./plain-text";

describe("hasUnseenControls", () => {
  it("finds control characters and the bidirectional overrides and isolates", () => {
    for (const unseen of [
      "\u0000",
      "\u0007",
      "\u007f",
      "\u0085",
      "\u202a",
      "\u202e",
      "\u2066",
      "\u2069",
    ]) {
      expect(hasUnseenControls(`12 MG Road${unseen} Bengaluru`), JSON.stringify(unseen)).toBe(true);
    }
  });

  it("lets plain text through, Hindi with its joiners included", () => {
    expect(hasUnseenControls("12 MG Road, Indiranagar, Bengaluru 560038")).toBe(false);
    expect(hasUnseenControls("क्\u200dष राम\u200cकुमार")).toBe(false);
  });

  it("lets a note keep tab and line breaks, and nothing else unseen", () => {
    expect(hasUnseenControls("paid\tlate\r\nsee bank", { allowLineBreaks: true })).toBe(false);
    expect(hasUnseenControls("paid\nlate")).toBe(true);
    expect(hasUnseenControls("paid\u0000late", { allowLineBreaks: true })).toBe(true);
    expect(hasUnseenControls("paid \u202e late", { allowLineBreaks: true })).toBe(true);
  });
});
