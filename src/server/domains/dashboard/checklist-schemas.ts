import { z } from "@hono/zod-openapi";
import { CHECKLIST_ITEMS } from "./first-run-checklist";

export const checklistSchema = z
  .object({
    items: z.array(z.object({ id: z.enum(CHECKLIST_ITEMS), done: z.boolean() })),
    lastBackupAt: z.string().nullable().openapi({ description: "ISO time, or null: never" }),
    backupDailyAt: z.string().nullable().openapi({ description: "HH:MM India time, or null" }),
  })
  .openapi("FirstRunChecklist");

export const backupTakenSchema = z.object({ fileName: z.string(), bytes: z.number().int() });
