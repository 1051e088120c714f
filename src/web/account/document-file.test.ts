import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MAX_DOCUMENT_BYTES } from "../../shared/verification-input";
import {
  megabytes,
  planDocument,
  SHRINK,
  SHRINK_FLOOR,
  SHRINK_STEPS,
  shrunkName,
} from "./document-file";

const MB = 1024 * 1024;

describe("what /verify does with a chosen document", () => {
  it("sends a photo or PDF within the limit as it is", () => {
    expect(planDocument({ name: "pan.jpg", size: 2 * MB })).toBe("send");
    expect(planDocument({ name: "scan.PNG", size: MAX_DOCUMENT_BYTES })).toBe("send");
    expect(planDocument({ name: "aadhaar.pdf", size: MAX_DOCUMENT_BYTES })).toBe("send");
  });

  it("makes a JPEG or PNG over the limit smaller, and refuses a PDF over it", () => {
    expect(planDocument({ name: "IMG_20260101.jpeg", size: 12 * MB })).toBe("shrink");
    expect(planDocument({ name: "scan.png", size: MAX_DOCUMENT_BYTES + 1 })).toBe("shrink");
    expect(planDocument({ name: "passport.pdf", size: MAX_DOCUMENT_BYTES + 1 })).toBe(
      "pdfTooLarge",
    );
  });

  it("refuses what is neither a photo nor a PDF, whatever its size", () => {
    expect(planDocument({ name: "photo.heic", size: MB })).toBe("wrongType");
    expect(planDocument({ name: "notes.txt", size: 12 * MB })).toBe("wrongType");
  });

  it("names a shrunk photo as the JPEG it has become", () => {
    expect(shrunkName("scan.PNG")).toBe("scan.jpg");
    expect(shrunkName("IMG_1.jpeg")).toBe("IMG_1.jpg");
    expect(shrunkName("my.photo.jpg")).toBe("my.photo.jpg");
  });

  it("writes sizes in megabytes to one decimal", () => {
    expect(megabytes(12.34 * MB)).toBe("12.3");
    expect(megabytes(10)).toBe("0.1");
  });
});

describe("how far a photo may be made smaller", () => {
  it("starts at 2400 px and quality 0.85, and steps down no further than the floor", () => {
    expect(SHRINK_STEPS).toBe(6);
    expect(SHRINK_FLOOR.quality).toBeGreaterThanOrEqual(SHRINK.floorQuality);
    expect(SHRINK_FLOOR.quality * SHRINK.step).toBeLessThan(SHRINK.floorQuality);
    // Whole pixels at each step, as a canvas has them.
    expect(SHRINK_FLOOR.longestSide).toBe(1763);
  });

  /** A photo of pure noise, the worst case for JPEG, encoded as the browser would. */
  async function noiseJpeg(width: number, height: number, quality: number) {
    return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: Math.floor(quality * 100) })
      .toBuffer();
  }

  it("fits the worst photo under the limit at the first try, square or 4:3, and at the floor", async () => {
    const side = SHRINK.longestSide;
    for (const jpeg of [
      await noiseJpeg(side, side, SHRINK.quality),
      await noiseJpeg(side, (side * 3) / 4, SHRINK.quality),
      await noiseJpeg(SHRINK_FLOOR.longestSide, SHRINK_FLOOR.longestSide, SHRINK_FLOOR.quality),
    ]) {
      expect(jpeg.length).toBeLessThanOrEqual(MAX_DOCUMENT_BYTES);
    }
  });
});
