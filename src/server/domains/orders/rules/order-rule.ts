import { type RawBuilder, type Selectable, sql } from "kysely";
import type { SiteSettingsTable } from "../../../platform/db/schema";
import type { AppError } from "../../../platform/http/errors";
import type { OrderRow } from "../buy/order-view";

/*
 * The shapes of an order rule (docs/architecture.md, "Adding an order rule"). Each
 * rule is one module of this folder: its SQL for the one order query
 * (order-placement-sql.ts), what the customer or operator is told, and the settings it
 * reads. The query, the customer's refusal and the admin's order path are built
 * from the lists in refusal-rules.ts and hold-rules.ts.
 */

export type SiteSettings = Selectable<SiteSettingsTable>;
export type SettingName = keyof SiteSettings;

/**
 * What a refusal may name: the settings its rule read, and the order as sent (a buy
 * order's row, or a sale's draft: a rule both sides compose names neither, `unknown`).
 */
export interface RefusalFigures<S extends SettingName = SettingName, O = OrderRow> {
  settings: Pick<SiteSettings, S>;
  order: O;
}

export interface RefusalRuleBase<S extends SettingName, O> {
  /** Names the rule's column in the query: lower case and underscores. */
  name: string;
  /** The site settings it reads, as `settings.<column>`. */
  settings: readonly S[];
  /** What the customer is told when it is the first rule, in the list's order, to refuse. */
  refusal(figures: RefusalFigures<S, O>): AppError;
}

/**
 * A rule that refuses an order before anything is written. `passes` is judged per
 * order on `input` (the order as sent: order-placement-sql.ts names its columns),
 * `settings` and the rule's own `lookup`, a `LEFT JOIN LATERAL … ON true` whose
 * alias no other rule uses.
 */
export interface OrderRefusalRule<S extends SettingName = SettingName, O = OrderRow>
  extends RefusalRuleBase<S, O> {
  lookup?: RawBuilder<unknown>;
  passes: RawBuilder<boolean>;
}

/**
 * A rule that judges an order beside the others of its query (a running total
 * over the batch): `refused` selects the ids of the orders it refuses from
 * `checked`, the orders with every per-order rule's verdict.
 */
export interface BatchRefusalRule<S extends SettingName = SettingName>
  extends RefusalRuleBase<S, OrderRow> {
  refused: RawBuilder<{ id: string }>;
}

export type RefusalRule = OrderRefusalRule | BatchRefusalRule;

export function isBatchRule(rule: RefusalRule): rule is BatchRefusalRule {
  return "refused" in rule;
}

/** Keeps a rule's settings and its refusal's figures in step. */
export function refusalRule<const S extends SettingName, O = OrderRow>(
  rule: OrderRefusalRule<S, O>,
): OrderRefusalRule<SettingName, O> {
  return rule;
}

export function batchRefusalRule<const S extends SettingName>(
  rule: BatchRefusalRule<S>,
): BatchRefusalRule {
  return rule;
}

/**
 * A rule that holds a written order for an operator's look (docs/decisions/036).
 * `holds` is judged on `inserted` (the written order), `settings` and the rule's
 * `lookup`; in a customer's order also on `input`, `allowed` and `claim` (the
 * customer's limit claim). `reason` completes the operators' alert: "ON HOLD (…)".
 */
export interface HoldRuleModule<R extends string = string> {
  /** Its name, stored on the order's hold: lower case and underscores. */
  rule: R;
  settings: readonly SettingName[];
  /** Queries it needs before the checks, as `name AS (…)`, each followed by a comma. */
  ctes?: RawBuilder<unknown>;
  lookup?: RawBuilder<unknown>;
  holds: RawBuilder<boolean>;
  reason: RawBuilder<string>;
  /** An operator's order for the customer is held by it too. */
  holdsAdminOrders?: boolean;
  /** The record it holds by, kept on the order's hold (the customer's hold). */
  heldBy?: RawBuilder<string>;
}

/** Keeps a hold rule's name as written, so that the names make a type. */
export function holdRule<const R extends string>(rule: HoldRuleModule<R>): HoldRuleModule<R> {
  return rule;
}

/** The queries' `settings`: the site settings row's columns these rules read, once. */
export function settingsOf(rules: readonly { settings: readonly SettingName[] }[]) {
  const columns = [...new Set(["id", ...rules.flatMap((rule) => rule.settings)])];
  return sql`settings AS (
      SELECT ${sql.join(columns.map((column) => sql.ref(column)))} FROM site_settings WHERE id = 1
    )`;
}

/** A query returns the settings refusals may name as `setting_<column>`. */
export const SETTING_PREFIX = "setting_";

/** The settings these rules' refusals may name: the query returns them. */
export function refusalSettings(rules: readonly { settings: readonly SettingName[] }[]) {
  return [...new Set(rules.flatMap((rule) => rule.settings))];
}

/**
 * What the customer is told of the first rule, in the list's order, whose verdict
 * (the query's `passes_<name>`) is not true; null when every rule passed.
 */
export function firstRefusal<O>(
  rules: readonly RefusalRuleBase<SettingName, O>[],
  row: Record<string, unknown>,
  order: O,
): AppError | null {
  const refusedBy = rules.find((rule) => row[`passes_${rule.name}`] !== true);
  if (!refusedBy) return null;
  const settings = Object.fromEntries(
    refusalSettings(rules).map((column) => [column, row[`${SETTING_PREFIX}${column}`]]),
  ) as SiteSettings;
  return refusedBy.refusal({ settings, order });
}
