import pino from "pino";
import { describe, expect, it } from "vitest";
import { BackgroundTasks } from "./background-tasks";

function loggedLines() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { lines, logger };
}

describe("background tasks", () => {
  it("are waited for, including a failed one, which is logged", async () => {
    const { lines, logger } = loggedLines();
    const tasks = new BackgroundTasks(logger);
    let isSent = false;
    tasks.add(new Promise((resolve) => setTimeout(resolve, 50)).then(() => (isSent = true)));
    tasks.add(Promise.reject(new Error("SMTP said no")));
    await tasks.drain();
    expect(isSent).toBe(true);
    expect(lines.map((line) => line.msg)).toEqual(["a background task failed"]);
  });

  it("hold a stopping process no longer than it allows, and say what was left", async () => {
    const { lines, logger } = loggedLines();
    const tasks = new BackgroundTasks(logger);
    tasks.add(new Promise(() => {})); // a mail server that never answers
    await tasks.drain({ waitAtMostMs: 100 }); // without the limit, this never resolves
    expect(lines).toMatchObject([{ msg: "stopped with background tasks unfinished", tasks: 1 }]);
  });
});
