import { MAX_DOCUMENT_BYTES } from "../../shared/verification-input";
import { SHRINK, SHRINK_STEPS, shrunkName } from "./document-file";

/** The photo could not be decoded here (damaged, or a format this browser cannot read). */
export class PhotoUnreadable extends Error {}
/** Even at the floor of its quality and size, the photo stays over the limit. */
export class PhotoStillTooLarge extends Error {}

/**
 * A JPEG or PNG photo over the limit, made smaller on the device (decision 046): its
 * longest side at most SHRINK.longestSide, as JPEG from SHRINK.quality down to the floor.
 * The library loads only when a photo needs it, and runs on the page itself: the site's
 * CSP lets no worker start from a blob or another origin.
 */
export async function shrinkPhoto(
  photo: File,
  { onProgress, signal }: { onProgress: (percent: number) => void; signal: AbortSignal },
): Promise<File> {
  const { default: imageCompression } = await import("browser-image-compression");
  let shrunk: Blob;
  try {
    shrunk = await imageCompression(photo, {
      maxSizeMB: MAX_DOCUMENT_BYTES / 1024 / 1024,
      maxWidthOrHeight: SHRINK.longestSide,
      initialQuality: SHRINK.quality,
      maxIteration: SHRINK_STEPS,
      fileType: "image/jpeg",
      useWebWorker: false,
      onProgress,
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new PhotoUnreadable(String(error));
  }
  if (shrunk.size > MAX_DOCUMENT_BYTES) throw new PhotoStillTooLarge();
  return new File([shrunk], shrunkName(photo.name), {
    type: "image/jpeg",
    lastModified: photo.lastModified,
  });
}

/**
 * A small picture of a chosen photo, as a data: URL (the site's CSP takes images from
 * itself and data: only, not from blob: URLs); undefined where the browser cannot make one.
 */
export async function photoThumbnail(photo: Blob, width = 112): Promise<string | undefined> {
  try {
    const bitmap = await createImageBitmap(photo, { resizeWidth: width, resizeQuality: "medium" });
    const canvas = document.createElement("canvas");
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext("2d");
    if (context) {
      // A PNG's transparent parts on white, as the JPEG it becomes.
      context.fillStyle = "#fff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0);
    }
    bitmap.close();
    if (!context) return undefined;
    return canvas.toDataURL("image/jpeg", 0.8);
  } catch {
    return undefined;
  }
}
