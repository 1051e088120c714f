/** Reads server-sent events from a streaming response, one event at a time. */
export function readEvents(response: Response) {
  if (!response.body) throw new Error("The response has no body");
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";

  async function next(timeoutMs = 2000): Promise<{ event: string; data: string }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(":")) continue; // a keepalive comment
        const field = (name: string) =>
          block
            .split("\n")
            .filter((line) => line.startsWith(`${name}:`))
            .map((line) => line.slice(name.length + 1).trimStart())
            .join("\n");
        return { event: field("event") || "message", data: field("data") };
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error("No event in time");
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error("No event in time")), remaining),
        ),
      ]);
      if (chunk.done) throw new Error("The stream ended");
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  return { next, close: () => reader.cancel() };
}
