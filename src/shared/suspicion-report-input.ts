import { z } from "zod";
import { hasUnseenControls } from "./plain-text";

/*
 * The register of suspicious transaction reports (docs/decisions/045): what an operator
 * records when the desk concludes a customer's dealings are suspicious, and what they
 * add once the report is filed with FIU-IND.
 */

/** The most orders one report names. */
export const REPORT_ORDERS_MAX = 50;
/** The longest grounds. */
export const REPORT_GROUNDS_MAX = 1000;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** No report is older than the desk's duty to make them (PMLA for virtual assets, 7 March 2023). */
const FIRST_DAY = "2023-03-07";
/** Words a reader can see: a letter or a digit at least. */
const HAS_WORDS = /[\p{L}\p{N}]/u;

/** A real calendar day written YYYY-MM-DD (no 2026-02-30). */
const calendarDay = (error: string) =>
  z
    .string({ error })
    .regex(CALENDAR_DAY, { error })
    .refine(
      (day) => {
        // Zod runs this after a failed pattern too: "02/01/2026" must not throw.
        const at = Date.parse(`${day}T00:00:00Z`);
        return !Number.isNaN(at) && new Date(at).toISOString().startsWith(day) && day >= FIRST_DAY;
      },
      { error },
    );

/** Ids of a customer's orders (or sell orders), each once, at most REPORT_ORDERS_MAX. */
const orderIdList = (what: "Orders" | "Sell orders", one: string) =>
  z
    .array(z.uuid({ error: `${what}: each must be ${one}'s id.` }), {
      error: `${what}: a list of ${one} ids.`,
    })
    .max(REPORT_ORDERS_MAX, { error: `${what}: at most ${REPORT_ORDERS_MAX} in one report.` })
    .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
      error: `${what}: each ${one} once.`,
    });

export const suspicionReportInputSchema = z.object({
  userId: z
    .string({ error: "Customer: choose the customer the report is about." })
    .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: "Customer: this is not a user id." }),
  orderIds: orderIdList("Orders", "an order"),
  /** The customer's sell orders the report names (issue 44); none when left out. */
  sellOrderIds: orderIdList("Sell orders", "a sell order").default([]),
  grounds: z
    .string({ error: "Grounds: say why the dealings are suspicious." })
    .trim()
    .min(10, { error: "Grounds: say why the dealings are suspicious, in a sentence or more." })
    .max(REPORT_GROUNDS_MAX, { error: `Grounds: at most ${REPORT_GROUNDS_MAX} characters.` })
    .refine((text) => !hasUnseenControls(text, { allowLineBreaks: true }), {
      error: "Grounds: no control characters.",
    })
    .refine((text) => HAS_WORDS.test(text), {
      error: "Grounds: say why the dealings are suspicious, in a sentence or more.",
    }),
  /** India's today when left out. */
  concludedOn: calendarDay(
    "Concluded on: a day since 7 March 2023, written YYYY-MM-DD.",
  ).optional(),
});
export type SuspicionReportInput = z.infer<typeof suspicionReportInputSchema>;

export const suspicionReportFiledSchema = z.object({
  fiuReference: z
    .string({ error: "FIU-IND reference: the acknowledgement number of the filed report." })
    .trim()
    .min(1, { error: "FIU-IND reference: the acknowledgement number of the filed report." })
    .max(100, { error: "FIU-IND reference: at most 100 characters." })
    .refine((text) => !hasUnseenControls(text), {
      error: "FIU-IND reference: one line, no control characters.",
    })
    .refine((text) => HAS_WORDS.test(text), {
      error: "FIU-IND reference: the acknowledgement number of the filed report.",
    }),
  filedOn: calendarDay("Filed on: a day since 7 March 2023, written YYYY-MM-DD."),
});
export type SuspicionReportFiled = z.infer<typeof suspicionReportFiledSchema>;
