import { describe, expect, it } from "vitest";
import { classConflicts, conflictingClasses } from "./class-conflicts";

describe("the e2e check on class lists", () => {
  it("finds a caller's utility overriding a component's", () => {
    // A link-styled button given p-0 by its caller: the stylesheet's order would decide.
    expect(conflictingClasses("min-h-11 px-4 py-2 sm:min-h-10 p-0")).toEqual(["px-4", "py-2"]);
    expect(conflictingClasses("text-sm font-medium text-base")).toEqual(["text-sm"]);
    expect(conflictingClasses("size-4 animate-spin size-6")).toEqual(["size-4"]);
    expect(conflictingClasses("flex flex-col gap-1.5 flex-row")).toEqual(["flex-col"]);
  });

  it("lets a later, narrower utility refine a wider one, and modifiers stand apart", () => {
    expect(conflictingClasses("p-6 pt-0")).toEqual([]);
    expect(conflictingClasses("rounded-md rounded-l-none px-3 pr-11")).toEqual([]);
    expect(conflictingClasses("text-base md:text-sm text-muted-foreground")).toEqual([]);
    expect(conflictingClasses("max-w-lg sm:max-w-3xl hover:bg-muted")).toEqual([]);
  });

  it("names each list with what it overrides", () => {
    const seen = new Set(["p-6 pt-0 space-y-4 p-4", "px-3 py-3 align-middle"]);
    expect(classConflicts(seen)).toEqual(['"p-6 pt-0 space-y-4 p-4": p-6, pt-0 overridden']);
  });
});
