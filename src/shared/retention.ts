import { z } from "zod";

/** The PMLA record rules' five years: the least a desk may keep a closed customer's records. */
export const RETENTION_MIN_YEARS = 5;
export const RETENTION_MAX_YEARS = 30;

const yearsMessage = `Keep for ${RETENTION_MIN_YEARS} to ${RETENTION_MAX_YEARS} whole years (the law asks for at least ${RETENTION_MIN_YEARS}).`;

/** How long a closed customer's data is kept, as the Settings page sends it. */
export const retentionInputSchema = z.object({
  retentionYears: z
    .number({ error: yearsMessage })
    .int({ error: yearsMessage })
    .min(RETENTION_MIN_YEARS, { error: yearsMessage })
    .max(RETENTION_MAX_YEARS, { error: yearsMessage }),
});
export type RetentionInput = z.infer<typeof retentionInputSchema>;
