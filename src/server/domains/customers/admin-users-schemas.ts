import { z } from "@hono/zod-openapi";
import { searchTextSchema } from "../../platform/api/router";
import { USER_ROLES } from "./admin-users.service";
import { IDENTITY_FOLDER } from "./customer-file/export-customer-file";

export const adminUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(USER_ROLES),
    createdAt: z.string(),
    isBlocked: z.boolean(),
    emailVerified: z.boolean(),
  })
  .openapi("AdminUser");

export const adminUserDetailsSchema = adminUserSchema
  .extend({
    whatsappNumber: z.string().nullable(),
    totalOrders: z.number().int(),
    completedOrders: z.number().int(),
    totalVolumeInr: z
      .string()
      .openapi({ description: "Sum of completed orders' INR sent", example: "86000.00" }),
    referralCode: z.string().nullable(),
    referredBy: z.string().nullable(),
    referralEarnings: z.string(),
    hold: z
      .object({ note: z.string(), since: z.string(), by: z.string().nullable() })
      .nullable()
      .describe("The hold an operator put the customer on, with its note; null when none"),
  })
  .openapi("AdminUserDetails");

export const usersQuery = z.object({
  search: searchTextSchema("Search", 254),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const usersPageSchema = z.object({
  users: z.array(adminUserSchema),
  nextCursor: z.string().nullable(),
});

export const roleInput = z.object({
  role: z.enum(USER_ROLES, { error: "The role must be admin or user." }),
});

export const customerFileQuery = z.object({
  documents: z
    .stringbool({ error: "documents: true or false." })
    .optional()
    .describe(`true: the identity documents too (${IDENTITY_FOLDER["identity/"]})`),
});

export const zipFileContent = {
  "application/zip": { schema: z.string().openapi({ format: "binary" }) },
};
