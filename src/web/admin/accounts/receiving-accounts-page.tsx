import { useQuery } from "@tanstack/react-query";
import { Archive, Pause, Pencil, Play, Plus, ShieldCheck, Snowflake } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "../../components/ui/alert-dialog";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { DropdownMenuItem, DropdownMenuSeparator } from "../../components/ui/dropdown-menu";
import { Spinner } from "../../components/ui/spinner";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { formatDateTime } from "../../lib/format";
import { AdminListBody } from "../components/admin-list-body";
import { type AdminColumn, AdminTable } from "../components/admin-table";
import { CapMeter } from "../components/cap-meter";
import { type NoteAction, NoteActionDialog } from "../components/note-action-dialog";
import { RowMenu } from "../components/row-menu";
import { formatInr } from "../lib/admin-format";
import {
  type ReceivingAccount,
  receivingAccountsQueryOptions,
  toAccountInput,
  useFreezeReceivingAccount,
  useRetireReceivingAccount,
  useSaveReceivingAccount,
  useUnfreezeReceivingAccount,
} from "../lib/receiving-accounts-api";
import { AccountFormDialog } from "./account-form-dialog";

/** Admin → Receiving Accounts: where customers pay, today's volume against caps, and changes. */
export function ReceivingAccountsPage() {
  const { t } = useTexts();
  const query = useQuery(receivingAccountsQueryOptions);
  // null: the add form; an account: its edit form.
  const [editing, setEditing] = useState<ReceivingAccount | null | undefined>(undefined);
  const [retiring, setRetiring] = useState<ReceivingAccount | null>(null);
  const [freezing, setFreezing] = useState<NoteAction | null>(null);
  const freeze = useFreezeReceivingAccount();
  const askToFreeze = (account: ReceivingAccount): NoteAction => ({
    title: t("adminAccounts.freeze.title", { label: account.label }),
    description: t("adminAccounts.freeze.description"),
    noteLabel: t("adminAccounts.freeze.noteLabel"),
    isNoteRequired: true,
    confirmLabel: t("adminAccounts.freeze.confirm"),
    isDestructive: true,
    successTitle: t("adminAccounts.freeze.doneTitle", { label: account.label }),
    failedTitle: t("adminAccounts.freeze.failedTitle"),
    run: (note) => freeze.mutateAsync({ id: account.id, note }),
  });
  const accounts = query.data?.accounts ?? [];

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold tracking-tight">{t("adminAccounts.title")}</h1>
          <p className="max-w-3xl text-sm text-muted-foreground">
            {t("adminAccounts.description")}
          </p>
        </div>
        <Button onClick={() => setEditing(null)}>
          <Plus aria-hidden />
          {t("adminAccounts.add")}
        </Button>
      </header>

      <Card>
        <CardContent padding="none" className="sm:p-2">
          <AdminListBody
            query={query}
            isEmpty={accounts.length === 0}
            failedTitle={t("adminAccounts.fetchErrorTitle")}
            empty={{ title: t("adminAccounts.empty") }}
          >
            <AdminTable
              alignTop
              columns={accountColumns(t)}
              rows={accounts}
              rowKey={(account) => account.id}
              rowAttributes={(account) => ({
                className: account.retiredAt ? "text-muted-foreground" : undefined,
              })}
              actions={{
                cell: (account) => (
                  <AccountMenu
                    account={account}
                    onEdit={() => setEditing(account)}
                    onRetire={() => setRetiring(account)}
                    onFreeze={() => setFreezing(askToFreeze(account))}
                  />
                ),
              }}
            />
          </AdminListBody>
        </CardContent>
      </Card>

      {editing !== undefined && (
        <AccountFormDialog account={editing} onClose={() => setEditing(undefined)} />
      )}
      <RetireDialog account={retiring} onClose={() => setRetiring(null)} />
      <NoteActionDialog action={freezing} onDone={() => setFreezing(null)} />
    </div>
  );
}

function StatusBadge({ account }: { account: ReceivingAccount }) {
  const { t } = useTexts();
  if (account.retiredAt) return <Badge>{t("adminAccounts.status.retired")}</Badge>;
  if (account.frozenAt) {
    return <Badge variant="destructive">{t("adminAccounts.status.frozen")}</Badge>;
  }
  if (account.paused) return <Badge variant="warning">{t("adminAccounts.status.paused")}</Badge>;
  return <Badge variant="success">{t("adminAccounts.status.active")}</Badge>;
}

/** Where the money goes, as the customer is shown it. */
function accountDetails(account: ReceivingAccount) {
  return account.kind === "upi"
    ? `${account.upiId} · ${account.payeeName}`
    : `${account.bankName} · ${account.accountNumber} · ${account.ifscCode}`;
}

/** The send methods the account takes, in words. */
function methodNames(account: ReceivingAccount, t: TextFunction) {
  return account.sendMethods
    .map((method) => t(`adminAccounts.methods.${method}` as never))
    .join(", ");
}

function accountColumns(t: TextFunction): AdminColumn<ReceivingAccount>[] {
  return [
    {
      id: "account",
      header: t("adminAccounts.columns.account"),
      cell: (account) => (
        <>
          <div className="flex flex-wrap items-center gap-2 font-medium">
            {account.label}
            {account.fromSettings && (
              <Badge variant="info" title={t("adminAccounts.fromSettingsHint")}>
                {t("adminAccounts.fromSettings")}
              </Badge>
            )}
            <span className="sm:hidden">
              <StatusBadge account={account} />
            </span>
          </div>
          <p className="text-xs text-muted-foreground">
            {t(`adminAccounts.kinds.${account.kind}`)}
          </p>
          <p className="font-mono text-xs break-all">{accountDetails(account)}</p>
          {account.frozenAt && (
            <p className="text-xs [overflow-wrap:anywhere] text-destructive">
              {t("adminAccounts.frozenSince", {
                date: formatDateTime(account.frozenAt),
                note: account.frozenNote ?? "",
              })}
            </p>
          )}
          <p className="text-xs text-muted-foreground md:hidden">{methodNames(account, t)}</p>
          <div className="mt-2 space-y-1.5 text-sm sm:hidden">
            <TodayAgainstCap account={account} />
          </div>
        </>
      ),
    },
    {
      id: "methods",
      header: t("adminAccounts.columns.methods"),
      className: "hidden md:table-cell",
      cellClassName: "text-sm",
      cell: (account) => methodNames(account, t),
    },
    {
      id: "today",
      header: t("adminAccounts.columns.today"),
      // On a phone it is in the account's cell: beside it, it squeezed the account to a few letters a line.
      className: "hidden sm:table-cell",
      headClassName: "min-w-48",
      cellClassName: "space-y-1.5 text-sm",
      cell: (account) => <TodayAgainstCap account={account} />,
    },
    {
      id: "openOrders",
      header: t("adminAccounts.columns.openOrders"),
      className: "hidden text-right sm:table-cell",
      cellClassName: "tabular-nums",
      cell: (account) => account.openOrders,
    },
    {
      id: "status",
      header: t("adminAccounts.columns.status"),
      className: "hidden sm:table-cell",
      cell: (account) => <StatusBadge account={account} />,
    },
  ];
}

/** Received today against the daily cap, and what else bounds the account. */
function TodayAgainstCap({ account }: { account: ReceivingAccount }) {
  const { t } = useTexts();
  return (
    <>
      <p className="tabular-nums">
        {account.dailyCapInr
          ? t("adminAccounts.today.ofCap", {
              received: formatInr(account.receivedTodayInr),
              cap: formatInr(account.dailyCapInr),
            })
          : t("adminAccounts.today.noCap", { received: formatInr(account.receivedTodayInr) })}
      </p>
      {account.capUsedPercent !== null && (
        <CapMeter
          percent={account.capUsedPercent}
          label={t("adminAccounts.today.capUsed", { label: account.label })}
        />
      )}
      {account.heldInr !== "0" && (
        <p className="text-xs text-muted-foreground">
          {t("adminAccounts.today.held", { amount: formatInr(account.heldInr) })}
        </p>
      )}
      {account.perOrderMaxInr && (
        <p className="text-xs text-muted-foreground">
          {t("adminAccounts.today.perOrderMax", { amount: formatInr(account.perOrderMaxInr) })}
        </p>
      )}
    </>
  );
}

function AccountMenu({
  account,
  onEdit,
  onRetire,
  onFreeze,
}: {
  account: ReceivingAccount;
  onEdit: () => void;
  onRetire: () => void;
  onFreeze: () => void;
}) {
  const { t } = useTexts();
  const save = useSaveReceivingAccount();
  const unfreeze = useUnfreezeReceivingAccount();
  const onUnfreeze = () =>
    unfreeze.mutate(account.id, {
      onSuccess: () => toast.success(t("adminAccounts.unfrozenToast", { label: account.label })),
      onError: (error) =>
        toast.error(t("adminAccounts.actionFailedTitle"), { description: error.message }),
    });

  const onTogglePause = () => {
    const paused = !account.paused;
    save.mutate(
      { id: account.id, input: { ...toAccountInput(account), paused } },
      {
        onSuccess: () =>
          toast.success(
            t(paused ? "adminAccounts.pausedToast" : "adminAccounts.resumedToast", {
              label: account.label,
            }),
          ),
        onError: (error) =>
          toast.error(t("adminAccounts.actionFailedTitle"), { description: error.message }),
      },
    );
  };

  return (
    <RowMenu
      label={t("adminAccounts.actions.menu", { label: account.label })}
      isBusy={save.isPending || unfreeze.isPending}
    >
      {/* A retired account is only marked frozen (its orders are held) or not. */}
      {!account.retiredAt && (
        <>
          <DropdownMenuItem onSelect={onEdit}>
            <Pencil aria-hidden />
            {t("adminAccounts.actions.edit")}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onTogglePause}>
            {account.paused ? <Play aria-hidden /> : <Pause aria-hidden />}
            {account.paused ? t("adminAccounts.actions.resume") : t("adminAccounts.actions.pause")}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
        </>
      )}
      {account.frozenAt ? (
        <DropdownMenuItem onSelect={onUnfreeze}>
          <ShieldCheck aria-hidden />
          {t("adminAccounts.actions.unfreeze")}
        </DropdownMenuItem>
      ) : (
        <DropdownMenuItem variant="destructive" onSelect={onFreeze}>
          <Snowflake aria-hidden />
          {t("adminAccounts.actions.freeze")}
        </DropdownMenuItem>
      )}
      {!account.retiredAt && (
        <DropdownMenuItem variant="destructive" onSelect={onRetire}>
          <Archive aria-hidden />
          {t("adminAccounts.actions.retire")}
        </DropdownMenuItem>
      )}
    </RowMenu>
  );
}

function RetireDialog({
  account,
  onClose,
}: {
  account: ReceivingAccount | null;
  onClose: () => void;
}) {
  const { t } = useTexts();
  const retire = useRetireReceivingAccount();
  const onConfirm = () => {
    if (!account) return;
    retire.mutate(account.id, {
      onSuccess: () => {
        toast.success(t("adminAccounts.retire.doneTitle", { label: account.label }));
        onClose();
      },
      onError: (error) =>
        toast.error(t("adminAccounts.actionFailedTitle"), { description: error.message }),
    });
  };
  return (
    <AlertDialog
      open={account !== null}
      onOpenChange={(open) => {
        if (!open && !retire.isPending) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogTitle>
          {t("adminAccounts.retire.title", { label: account?.label ?? "" })}
        </AlertDialogTitle>
        <AlertDialogDescription>{t("adminAccounts.retire.description")}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={retire.isPending}>
            {t("admin.common.cancel")}
          </AlertDialogCancel>
          <AlertDialogConfirm variant="destructive" disabled={retire.isPending} onClick={onConfirm}>
            {retire.isPending && <Spinner />}
            {t("adminAccounts.retire.confirm")}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
