import { z } from "@hono/zod-openapi";

export const purgePreviewSchema = z
  .object({
    retentionYears: z.number().int(),
    total: z.number().int().describe("Customers the daily job would purge now"),
    customers: z
      .array(
        z.object({
          id: z.string(),
          email: z.string(),
          isBlocked: z.boolean(),
          lastActiveAt: z.string(),
          orders: z.number().int(),
        }),
      )
      .describe("The longest inactive of them, up to 100"),
    steps: z.array(z.string()).describe("What a purge removes, in order"),
  })
  .openapi("RetentionPreview");

export const retentionSettingSchema = z
  .object({ retentionYears: z.number().int() })
  .openapi("RetentionSetting");
