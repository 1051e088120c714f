import { useState } from "react";
import { toast } from "sonner";
import { ApiError, unwrap } from "./api-answers";

/**
 * Fetches a file the API answers as an attachment and saves it under the name the
 * server gave it; a refusal throws the server's ApiError. `init` for a POST (an
 * export the server audits).
 */
async function downloadFile(path: string, fallbackName: string, init?: RequestInit) {
  const response = await fetch(path, init);
  if (!response.ok) await unwrap(response);
  const name =
    response.headers.get("content-disposition")?.match(/filename="([^"]+)"/)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * An export button's download: which file is on its way (null when none), and the
 * function that fetches one (true once saved), telling a failure in a toast under
 * `failedTitle`.
 */
export function useDownload(failedTitle: string) {
  const [pending, setPending] = useState<string | null>(null);
  const download = async (path: string, fallbackName: string, init?: RequestInit) => {
    setPending(fallbackName);
    try {
      await downloadFile(path, fallbackName, init);
      return true;
    } catch (error) {
      toast.error(failedTitle, {
        description: error instanceof ApiError ? error.message : String(error),
      });
      return false;
    } finally {
      setPending(null);
    }
  };
  return { pending, download };
}
