import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { TdsChallanInput } from "../../../shared/tds-challan-input";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

/* Admin → TDS Register's API: the register, the challans, and the return's download. */

const tax = api.api.admin.tax;
const taxKey = ["admin", "tax"] as const;

async function readRegister(financialYear: number | undefined) {
  const query = financialYear === undefined ? {} : { financialYear: String(financialYear) };
  return unwrap(await tax.register.$get({ query }));
}

/** A financial year's register (this year's until one is chosen). */
export const tdsRegisterQueryOptions = (financialYear: number | undefined) =>
  queryOptions({
    queryKey: [...taxKey, "register", financialYear ?? "current"],
    queryFn: () => readRegister(financialYear),
  });

export type TdsRegister = Awaited<ReturnType<typeof readRegister>>;
export type RegisterMonth = TdsRegister["months"][number];
export type Deduction = RegisterMonth["deductions"][number];

async function readChallans(financialYear: number) {
  return unwrap(await tax.challans.$get({ query: { financialYear: String(financialYear) } }));
}

export const tdsChallansQueryOptions = (financialYear: number) =>
  queryOptions({
    queryKey: [...taxKey, "challans", financialYear],
    queryFn: () => readChallans(financialYear),
  });

export type TdsChallan = Awaited<ReturnType<typeof readChallans>>["challans"][number];

/** Records a challan; the register, the challans and the dashboard read again. */
export function useRecordChallan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (json: TdsChallanInput) => unwrap(await tax.challans.$post({ json })),
    onSuccess: () =>
      Promise.all(
        [taxKey, ["admin", "dashboard"], ["admin", "audit"]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** The return's workbook for a quarter (Form 26Q) or a specified person's month (Form 26QE). */
export function tdsReturnPath(
  financialYear: number,
  period: { quarter: string } | { month: string },
) {
  const query = new URLSearchParams({ financialYear: String(financialYear), ...period });
  return `/api/admin/tax/return.xlsx?${query}`;
}
