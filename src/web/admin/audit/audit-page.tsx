import { useInfiniteQuery } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { AuditAction } from "../../../shared/audit-actions";
import {
  SITE_SETTINGS_FIELD_LABELS,
  type SiteSettingsField,
} from "../../../shared/site-settings-input";
import { LoadMoreButton } from "../../components/load-more-button";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { AdminListBody } from "../components/admin-list-body";
import { type AdminColumn, AdminTable } from "../components/admin-table";
import { type AuditEntry, type AuditFilters, auditLogQueryOptions } from "./audit-api";

/** Each action's human label, and the badge colour it gets. */
const ACTIONS = {
  "admin.step_up": { label: "adminAudit.actions.stepUp", variant: "success" },
  "admin.step_up_failed": { label: "adminAudit.actions.stepUpFailed", variant: "destructive" },
  "admin.step_up_locked": { label: "adminAudit.actions.stepUpLocked", variant: "destructive" },
  "admin.step_down": { label: "adminAudit.actions.stepDown", variant: "default" },
  "user.role_changed": { label: "adminAudit.actions.roleChanged", variant: "warning" },
  "user.blocked": { label: "adminAudit.actions.blocked", variant: "destructive" },
  "user.unblocked": { label: "adminAudit.actions.unblocked", variant: "success" },
  "order.status_changed": { label: "adminAudit.actions.orderStatusChanged", variant: "info" },
  "order.created": { label: "adminAudit.actions.orderCreated", variant: "info" },
  "settings.saved": { label: "adminAudit.actions.settingsSaved", variant: "warning" },
  "receiving_account.created": { label: "adminAudit.actions.accountCreated", variant: "info" },
  "order.payout_check_requested": {
    label: "adminAudit.actions.payoutCheckRequested",
    variant: "info",
  },
  "order.payout_check_overridden": {
    label: "adminAudit.actions.payoutCheckOverridden",
    variant: "warning",
  },
  "order.payout_found_on_chain": {
    label: "adminAudit.actions.payoutFoundOnChain",
    variant: "info",
  },
  "chain_transfer.unmatched": { label: "adminAudit.actions.transferUnmatched", variant: "warning" },
  "chain_transfer.assigned": { label: "adminAudit.actions.transferAssigned", variant: "info" },
  "chain_transfer.dismissed": { label: "adminAudit.actions.transferDismissed", variant: "warning" },
  "chain_transfer.refund_marked": {
    label: "adminAudit.actions.transferRefundMarked",
    variant: "warning",
  },
  "sell_order.deposit_received": { label: "adminAudit.actions.depositReceived", variant: "info" },
  "sell_order.deposit_credited": {
    label: "adminAudit.actions.depositCredited",
    variant: "warning",
  },
  "receiving_account.updated": { label: "adminAudit.actions.accountUpdated", variant: "warning" },
  "receiving_account.paused": { label: "adminAudit.actions.accountPaused", variant: "warning" },
  "receiving_account.resumed": { label: "adminAudit.actions.accountResumed", variant: "success" },
  "receiving_account.retired": {
    label: "adminAudit.actions.accountRetired",
    variant: "destructive",
  },
  "receiving_account.frozen": { label: "adminAudit.actions.accountFrozen", variant: "destructive" },
  "receiving_account.unfrozen": {
    label: "adminAudit.actions.accountUnfrozen",
    variant: "success",
  },
  "statement.imported": { label: "adminAudit.actions.statementImported", variant: "info" },
  "statement.column_mapping_saved": {
    label: "adminAudit.actions.columnMappingSaved",
    variant: "warning",
  },
  "statement_line.dismissed": {
    label: "adminAudit.actions.statementLineDismissed",
    variant: "warning",
  },
  "statement_debit.not_a_sale": {
    label: "adminAudit.actions.statementDebitNotASale",
    variant: "warning",
  },
  "statement_debit.accepted": {
    label: "adminAudit.actions.statementDebitAccepted",
    variant: "warning",
  },
  "backup.created": { label: "adminAudit.actions.backupCreated", variant: "default" },
  "blocklist.entry_added": { label: "adminAudit.actions.blocklistEntryAdded", variant: "warning" },
  "blocklist.entry_removed": {
    label: "adminAudit.actions.blocklistEntryRemoved",
    variant: "warning",
  },
  "blocklist.exported": { label: "adminAudit.actions.blocklistExported", variant: "warning" },
  "usdt_purchase.recorded": { label: "adminAudit.actions.purchaseRecorded", variant: "info" },
  "usdt_purchase.updated": { label: "adminAudit.actions.purchaseUpdated", variant: "warning" },
  "user.file_exported": { label: "adminAudit.actions.customerFileExported", variant: "warning" },
  "retention.dry_run_viewed": { label: "adminAudit.actions.retentionDryRun", variant: "default" },
  "retention.purged": { label: "adminAudit.actions.retentionPurged", variant: "destructive" },
  "verification.requested": { label: "adminAudit.actions.verificationRequested", variant: "info" },
  "verification.approved": { label: "adminAudit.actions.verificationApproved", variant: "success" },
  "verification.rejected": {
    label: "adminAudit.actions.verificationRejected",
    variant: "destructive",
  },
  "verification.document_viewed": {
    label: "adminAudit.actions.verificationDocumentViewed",
    variant: "default",
  },
  "treasury.network_saved": { label: "adminAudit.actions.treasurySaved", variant: "warning" },
  "treasury.wallet_removed": {
    label: "adminAudit.actions.treasuryWalletRemoved",
    variant: "warning",
  },
  "customer.hold_placed": { label: "adminAudit.actions.customerHoldPlaced", variant: "warning" },
  "customer.hold_released": {
    label: "adminAudit.actions.customerHoldReleased",
    variant: "success",
  },
  "order.hold_released": { label: "adminAudit.actions.orderHoldReleased", variant: "success" },
  "suspicion.recorded": { label: "adminAudit.actions.suspicionRecorded", variant: "destructive" },
  "suspicion.filed": { label: "adminAudit.actions.suspicionFiled", variant: "info" },
  "sell_order.paid": { label: "adminAudit.actions.sellOrderPaid", variant: "success" },
  "sell_order.paid_by_override": {
    label: "adminAudit.actions.sellOrderPaidByOverride",
    variant: "warning",
  },
  "sell_order.hold_released": {
    label: "adminAudit.actions.sellOrderHoldReleased",
    variant: "success",
  },
  "sell_order.cancelled": {
    label: "adminAudit.actions.sellOrderCancelled",
    variant: "destructive",
  },
  "autopilot.payout_approved": {
    label: "adminAudit.actions.autopilotPayoutApproved",
    variant: "success",
  },
  "tds_challan.recorded": { label: "adminAudit.actions.tdsChallanRecorded", variant: "info" },
} as const satisfies Record<
  AuditAction,
  { label: string; variant: "default" | "success" | "warning" | "info" | "destructive" }
>;
const ACTION_IDS = Object.keys(ACTIONS) as AuditAction[];

function isAuditAction(action: string): action is AuditAction {
  return action in ACTIONS;
}

function hasFilters(filters: AuditFilters): boolean {
  return Boolean(filters.action || filters.actor);
}

export function AuditPage() {
  const { t } = useTexts();
  const [filters, setFilters] = useState<AuditFilters>({});
  const audit = useInfiniteQuery(auditLogQueryOptions(filters));
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const isFiltered = hasFilters(filters);

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("adminAudit.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("adminAudit.description")}</p>
      </header>

      <AuditFilterForm filters={filters} onChange={setFilters} />

      <Card>
        <CardContent padding="none">
          <AdminListBody
            query={audit}
            isEmpty={entries.length === 0}
            failedTitle={t("adminAudit.errorTitle")}
            empty={{ title: isFiltered ? t("adminAudit.emptyFiltered") : t("adminAudit.empty") }}
          >
            <ul className="divide-y md:hidden">
              {entries.map((entry) => (
                <AuditListItem key={entry.id} entry={entry} />
              ))}
            </ul>
            <div className="hidden md:block">
              <AdminTable
                scrollLabel={t("adminAudit.tableLabel")}
                alignTop
                columns={auditColumns(t)}
                rows={entries}
                rowKey={(entry) => entry.id}
              />
            </div>
          </AdminListBody>
        </CardContent>
      </Card>

      <LoadMoreButton query={audit} label={t("adminAudit.loadMore")} />
    </div>
  );
}

/**
 * The log's filters: an action is applied when chosen, the actor's e-mail or IP when
 * searched for; "Clear" shows once either is set or typed.
 */
function AuditFilterForm({
  filters,
  onChange,
}: {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
}) {
  const { t } = useTexts();
  const [actorText, setActorText] = useState("");
  const isFiltered = hasFilters(filters);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...filters, actor: actorText.trim() || undefined });
  };
  const onClear = () => {
    setActorText("");
    onChange({});
  };

  return (
    <form
      onSubmit={onSearch}
      className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-end"
    >
      <div className="space-y-2">
        <Label htmlFor="audit-action">{t("adminAudit.filters.action")}</Label>
        <NativeSelect
          id="audit-action"
          value={filters.action ?? ""}
          onChange={(event) => {
            const value = event.target.value;
            onChange({ ...filters, action: isAuditAction(value) ? value : undefined });
          }}
        >
          <option value="">{t("adminAudit.filters.allActions")}</option>
          {ACTION_IDS.map((action) => (
            <option key={action} value={action}>
              {t(ACTIONS[action].label)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-2">
        <Label htmlFor="audit-actor">{t("adminAudit.filters.actor")}</Label>
        <Input
          id="audit-actor"
          type="search"
          value={actorText}
          placeholder={t("adminAudit.filters.actorPlaceholder")}
          onChange={(event) => setActorText(event.target.value)}
          maxLength={200}
          autoComplete="off"
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" className="grow basis-0 sm:grow-0 sm:basis-auto">
          <Search aria-hidden />
          {t("adminAudit.filters.apply")}
        </Button>
        {(isFiltered || actorText) && (
          <Button type="button" variant="outline" onClick={onClear}>
            {t("adminAudit.filters.clear")}
          </Button>
        )}
      </div>
    </form>
  );
}

/** When, to the second, in India time (entries often come seconds apart). */
const whenFormat = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Asia/Kolkata",
});

function When({ entry }: { entry: AuditEntry }) {
  return <time dateTime={entry.createdAt}>{whenFormat.format(new Date(entry.createdAt))}</time>;
}

function Who({ entry }: { entry: AuditEntry }) {
  const { t } = useTexts();
  return (
    <>
      <div className="[overflow-wrap:anywhere]">{entry.actorEmail ?? t("adminAudit.system")}</div>
      {entry.ipAddress && (
        <div className="text-xs whitespace-nowrap text-muted-foreground">
          {t("adminAudit.ip", { ip: entry.ipAddress })}
        </div>
      )}
    </>
  );
}

function ActionBadge({ entry }: { entry: AuditEntry }) {
  const { t } = useTexts();
  const action = isAuditAction(entry.action) ? ACTIONS[entry.action] : undefined;
  return (
    <Badge variant={action?.variant ?? "default"} className="whitespace-nowrap">
      {action ? t(action.label) : entry.action}
    </Badge>
  );
}

function auditColumns(t: TextFunction): AdminColumn<AuditEntry>[] {
  return [
    {
      id: "when",
      header: t("adminAudit.columns.when"),
      cellClassName: "whitespace-nowrap",
      cell: (entry) => <When entry={entry} />,
    },
    {
      id: "who",
      header: t("adminAudit.columns.who"),
      // An e-mail may break anywhere, so without a floor the table squeezed it to a
      // few letters a line beside a wide Details column.
      cellClassName: "max-w-64 min-w-44",
      cell: (entry) => <Who entry={entry} />,
    },
    {
      id: "action",
      header: t("adminAudit.columns.action"),
      cell: (entry) => <ActionBadge entry={entry} />,
    },
    {
      // Wraps between its words: with the action's badge, a one-line target left the
      // details too little room at 1280 px with the sidebar open.
      id: "target",
      header: t("adminAudit.columns.target"),
      cell: (entry) => <AuditTarget entry={entry} />,
    },
    {
      id: "details",
      header: t("adminAudit.columns.details"),
      cellClassName: "min-w-64",
      cell: (entry) => <AuditDetails entry={entry} />,
    },
  ];
}

/** The same entry as a stacked card, for narrow screens. */
function AuditListItem({ entry }: { entry: AuditEntry }) {
  return (
    <li className="space-y-2 p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ActionBadge entry={entry} />
        <span className="text-xs text-muted-foreground">
          <When entry={entry} />
        </span>
      </div>
      <Who entry={entry} />
      {entry.targetType && (
        <div className="text-muted-foreground">
          <AuditTarget entry={entry} />
        </div>
      )}
      <AuditDetails entry={entry} />
    </li>
  );
}

function AuditTarget({ entry }: { entry: AuditEntry }) {
  const { t } = useTexts();
  const id = entry.targetId ?? "";
  switch (entry.targetType) {
    case "settings":
      return <>{t("adminAudit.targets.settings")}</>;
    case "user":
    case "order":
    case "sell_order":
    case "receiving_account":
    case "suspicion_report":
      return (
        <span title={id} className="font-mono text-xs">
          {t(`adminAudit.targets.${entry.targetType}`, { id: id.slice(0, 8) })}
        </span>
      );
    case "blocklist_entry": {
      // Entries are kept when removed, and their audit rows say what they were.
      const { kind, value } = entry.details as { kind?: unknown; value?: unknown };
      return typeof kind === "string" && typeof value === "string" ? (
        <span title={id} className="[overflow-wrap:anywhere] whitespace-normal">
          {t("adminAudit.targets.blocklist_entry", {
            kind: t(`admin.risk.kinds.${kind as "wallet"}`, { defaultValue: kind }),
            value,
          })}
        </span>
      ) : (
        <span title={id} className="font-mono text-xs">
          {t("adminAudit.targets.blocklistEntryUnknown", { id: id.slice(0, 8) })}
        </span>
      );
    }
    case "tds_challan": {
      // The challan's own number, as the bank's receipt shows it.
      const { bsrCode, serialNumber, depositedOn } = entry.details as Record<string, unknown>;
      return (
        <span title={id} className="font-mono text-xs">
          {t("adminAudit.targets.tds_challan", {
            bsr: String(bsrCode ?? ""),
            serial: String(serialNumber ?? ""),
            day: String(depositedOn ?? ""),
          })}
        </span>
      );
    }
    default:
      return <span className="text-muted-foreground">—</span>;
  }
}

type Change = { from: unknown; to: unknown };

const FIELD_ORDER = Object.keys(SITE_SETTINGS_FIELD_LABELS);
/** Settings fields in the page's order, anything else after them. */
function fieldOrder(key: string): number {
  if (key === "change") return -1;
  const index = FIELD_ORDER.indexOf(key);
  return index === -1 ? FIELD_ORDER.length : index;
}

function isChange(value: unknown): value is Change {
  return typeof value === "object" && value !== null && "from" in value && "to" in value;
}

function AuditDetails({ entry }: { entry: AuditEntry }) {
  const { t } = useTexts();
  const formatValue = (value: unknown): string => {
    if (value === null || value === undefined) return t("adminAudit.values.default");
    if (value === "") return t("adminAudit.values.empty");
    if (typeof value === "boolean")
      return value ? t("adminAudit.values.on") : t("adminAudit.values.off");
    if (Array.isArray(value)) return value.map(formatValue).join(", ");
    // A record (an account as it was saved, a statement line): its fields as words, not JSON.
    if (typeof value === "object") {
      return Object.entries(value)
        .filter(([, field]) => field !== null && field !== undefined && field !== "")
        .map(([key, field]) => `${key}: ${formatValue(field)}`)
        .join("; ");
    }
    return String(value);
  };
  // The retention setting is saved on its own (risk/retention), audited like the others.
  const fieldLabel = (field: string) =>
    field in SITE_SETTINGS_FIELD_LABELS || field === "retentionYears"
      ? t(`adminAudit.fields.${field as SiteSettingsField | "retentionYears"}`)
      : field;

  const details = entry.details;
  if (entry.action === "admin.step_up_failed" && typeof details.reason === "string") {
    const reason = details.reason;
    return (
      <span>
        {reason === "password" || reason === "totp" ? t(`adminAudit.reasons.${reason}`) : reason}
      </span>
    );
  }
  // A top-level { from, to } (a role or a status), then any other fields.
  const lines: { key: string; label?: string; change?: Change; value?: unknown }[] = [];
  if (isChange(details)) lines.push({ key: "change", change: details });
  for (const [key, value] of Object.entries(details)) {
    if (isChange(details) && (key === "from" || key === "to")) continue;
    if (isChange(value)) lines.push({ key, label: fieldLabel(key), change: value });
    // A detail the action did not have (no note, no payout hash) says nothing.
    else if (value !== null && value !== undefined) lines.push({ key, label: key, value });
  }
  lines.sort((a, b) => fieldOrder(a.key) - fieldOrder(b.key));
  if (lines.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="space-y-1">
      {lines.map((line) => (
        // Anywhere, not break-words: a long value must not widen the table past the page.
        <li key={line.key} className="[overflow-wrap:anywhere]">
          {line.label && <span className="font-medium">{line.label}: </span>}
          {line.change ? (
            <>
              <span className="text-muted-foreground">{formatValue(line.change.from)}</span>
              {" → "}
              <span>{formatValue(line.change.to)}</span>
            </>
          ) : (
            <span>{formatValue(line.value)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

// Admin → Risk loads with this page (src/web/router.tsx).
