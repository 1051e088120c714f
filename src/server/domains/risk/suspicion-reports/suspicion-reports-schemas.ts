import { z } from "@hono/zod-openapi";

const reportId = z.uuid({ error: "This is not a report id." });

export const isReportId = (text: string) => reportId.safeParse(text).success;

export const reportParams = z.object({
  id: reportId.openapi({ param: { name: "id", in: "path" } }),
});

export const registerQuery = z.object({
  cursor: z.string().max(200).optional().describe("The last page's `nextCursor`"),
});

export const reportSchema = z
  .object({
    id: z.uuid(),
    customer: z.object({ id: z.string(), email: z.string(), name: z.string() }),
    orderIds: z.array(z.string()),
    sellOrderIds: z.array(z.string()),
    grounds: z.string(),
    concludedOn: z.string().describe("YYYY-MM-DD, India's calendar"),
    dueOn: z.string().describe("Seven working days after concludedOn: FIU-IND's deadline"),
    isOverdue: z.boolean().describe("Not filed, and dueOn has passed"),
    recordedBy: z.string().nullable(),
    recordedAt: z.string(),
    filedOn: z.string().nullable(),
    fiuReference: z.string().nullable(),
    filedBy: z.string().nullable(),
  })
  .openapi("SuspicionReport");

export const registerSchema = z.object({
  unfiled: z.array(reportSchema),
  filed: z.array(reportSchema),
  nextCursor: z.string().nullable(),
});
