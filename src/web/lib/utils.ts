import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * Builds tailwind-merge's map of Tailwind's classes, which its first merge does: called
 * in a task of its own at start (main.tsx), so that work is not added to the first
 * render's slice that merges classes.
 */
export function prepareClassMerging() {
  twMerge("p-0 p-1");
}
