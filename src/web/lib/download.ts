import { unwrap } from "./api-answers";

/**
 * Fetches a file the API answers as an attachment and saves it under the name the
 * server gave it; a refusal throws the server's ApiError.
 */
export async function downloadFile(path: string, fallbackName: string) {
  const response = await fetch(path);
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
