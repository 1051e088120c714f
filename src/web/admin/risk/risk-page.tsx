import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { Download, ShieldCheck, Trash2, Upload } from "lucide-react";
import { type ComponentProps, type FormEvent, useRef, useState } from "react";
import { toast } from "sonner";
import { BLOCKLIST_KINDS } from "../../../shared/blocklist-kinds";
import { LoadMoreButton } from "../../components/load-more-button";
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
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Spinner } from "../../components/ui/spinner";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { formatDate } from "../../lib/format";
import { AdminListBody } from "../components/admin-list-body";
import { type AdminColumn, AdminTable } from "../components/admin-table";
import { SearchField, useSearchText } from "../components/search-field";
import {
  type BlocklistEntry,
  type BlocklistKind,
  blocklistExportPath,
  blocklistQueryOptions,
  useAddBlocklistEntry,
  useImportBlocklist,
  useRemoveBlocklistEntry,
} from "../lib/risk-api";
import { SuspicionRegister } from "./suspicion-register";

const KINDS: readonly BlocklistKind[] = BLOCKLIST_KINDS;

function isKind(value: string): value is BlocklistKind {
  return (KINDS as readonly string[]).includes(value);
}

/** A labelled one-line text field of these forms. */
function TextField({
  id,
  label,
  ...input
}: { id: string; label: string } & ComponentProps<typeof Input>) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} autoComplete="off" required {...input} />
    </div>
  );
}

/** Admin → Risk: the blocklist, its entries added with a reason, removed, imported and exported. */
export function RiskPage() {
  const { t } = useTexts();
  const [kind, setKind] = useState<BlocklistKind | "">("");
  const [searchText, setSearchText] = useState("");
  const search = useSearchText(searchText);
  // The rows shown stay while a new filter loads: a row's remove button keeps its row.
  const query = useInfiniteQuery({
    ...blocklistQueryOptions({ kind: kind || undefined, search }),
    placeholderData: keepPreviousData,
  });
  const [removing, setRemoving] = useState<BlocklistEntry | null>(null);
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t("admin.risk.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("admin.risk.description")}</p>
        <p className="text-sm text-muted-foreground">{t("admin.risk.effects")}</p>
      </header>
      <SuspicionRegister />
      <AddEntryCard />
      <Card>
        <CardContent padding="full" className="space-y-4">
          <div className="flex flex-wrap items-end gap-3">
            <div className="space-y-1.5 sm:w-56">
              <Label htmlFor="blocklist-kind-filter">{t("admin.risk.filter")}</Label>
              <NativeSelect
                id="blocklist-kind-filter"
                value={kind}
                onChange={(event) => {
                  const value = event.target.value;
                  setKind(isKind(value) ? value : "");
                }}
              >
                <option value="">{t("admin.risk.allKinds")}</option>
                {KINDS.map((option) => (
                  <option key={option} value={option}>
                    {t(`admin.risk.kinds.${option}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <SearchField
              id="blocklist-search"
              label={t("admin.risk.searchLabel")}
              className="w-full sm:w-64"
              placeholder={t("admin.risk.searchPlaceholder")}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
            <div className="sm:ml-auto">
              <CsvButtons />
            </div>
          </div>
          <AdminListBody
            query={query}
            isEmpty={entries.length === 0}
            failedTitle={t("admin.risk.fetchFailedTitle")}
            empty={{
              icon: ShieldCheck,
              title: kind || search ? t("admin.risk.emptyFilter") : t("admin.risk.empty"),
              detail: search ? t("admin.risk.emptySearch", { search }) : undefined,
            }}
          >
            <AdminTable
              className="sm:min-w-[40rem]"
              isRefreshing={query.isPlaceholderData}
              columns={entryColumns(t)}
              rows={entries}
              rowKey={(entry) => entry.id}
              rowAttributes={() => ({ "data-testid": "blocklist-entry" })}
              actions={{
                cell: (entry) => (
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => setRemoving(entry)}
                    aria-label={t("admin.risk.remove.action", { value: entry.value })}
                  >
                    <Trash2 />
                  </Button>
                ),
              }}
            />
          </AdminListBody>
          {!query.isError && <LoadMoreButton query={query} label={t("admin.common.loadMore")} />}
        </CardContent>
      </Card>
      <RemoveEntryDialog entry={removing} onDone={() => setRemoving(null)} />
    </div>
  );
}

function KindBadge({ entry }: { entry: BlocklistEntry }) {
  const { t } = useTexts();
  return <Badge>{t(`admin.risk.kinds.${entry.kind}`)}</Badge>;
}

function Added({ entry }: { entry: BlocklistEntry }) {
  const { t } = useTexts();
  return (
    <>
      <span className="block whitespace-nowrap">{formatDate(entry.createdAt)}</span>
      {entry.createdBy && (
        <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">
          {t("admin.risk.addedBy", { email: entry.createdBy })}
        </span>
      )}
    </>
  );
}

function entryColumns(t: TextFunction): AdminColumn<BlocklistEntry>[] {
  return [
    {
      id: "value",
      header: t("admin.risk.columns.value"),
      cellClassName: "font-mono text-xs [overflow-wrap:anywhere] sm:max-w-72",
      cell: (entry) => (
        <>
          {entry.value}
          {/* On narrow screens the other columns fold in here. */}
          <div className="mt-1.5 space-y-1 font-sans text-sm lg:hidden">
            <span className="sm:hidden">
              <KindBadge entry={entry} />
            </span>
            <p className="text-muted-foreground md:hidden">{entry.reason}</p>
            <div className="text-xs">
              <Added entry={entry} />
            </div>
          </div>
        </>
      ),
    },
    {
      id: "kind",
      header: t("admin.risk.columns.kind"),
      className: "hidden sm:table-cell",
      cell: (entry) => <KindBadge entry={entry} />,
    },
    {
      id: "reason",
      header: t("admin.risk.columns.reason"),
      className: "hidden md:table-cell",
      cellClassName: "max-w-80 [overflow-wrap:anywhere]",
      cell: (entry) => entry.reason,
    },
    {
      id: "added",
      header: t("admin.risk.columns.added"),
      className: "hidden lg:table-cell",
      cell: (entry) => <Added entry={entry} />,
    },
  ];
}

function AddEntryCard() {
  const { t } = useTexts();
  const add = useAddBlocklistEntry();
  const [kind, setKind] = useState<BlocklistKind>("wallet");
  const [value, setValue] = useState("");
  const [reason, setReason] = useState("");
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { kind, value, reason },
      {
        onSuccess: () => {
          setValue("");
          setReason("");
          toast.success(t("admin.risk.add.added"));
        },
        onError: (error) => toast.error(t("admin.risk.add.failed"), { description: error.message }),
      },
    );
  };
  return (
    <Card>
      <CardContent padding="full">
        <form onSubmit={onSubmit} className="space-y-3" aria-labelledby="blocklist-add-title">
          <h2 id="blocklist-add-title" className="font-semibold">
            {t("admin.risk.add.title")}
          </h2>
          <div className="grid gap-3 md:grid-cols-[12rem_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end">
            <div className="space-y-1.5">
              <Label htmlFor="blocklist-kind">{t("admin.risk.add.kind")}</Label>
              <NativeSelect
                id="blocklist-kind"
                value={kind}
                onChange={(event) => {
                  if (isKind(event.target.value)) setKind(event.target.value);
                }}
              >
                {KINDS.map((option) => (
                  <option key={option} value={option}>
                    {t(`admin.risk.kinds.${option}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <TextField
              id="blocklist-value"
              label={t("admin.risk.add.value")}
              maxLength={200}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
            <TextField
              id="blocklist-reason"
              label={t("admin.risk.add.reason")}
              maxLength={500}
              placeholder={t("admin.risk.add.reasonPlaceholder")}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <Button type="submit" disabled={add.isPending || !value.trim() || !reason.trim()}>
              {add.isPending && <Spinner />}
              {t("admin.risk.add.submit")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function CsvButtons() {
  const { t } = useTexts();
  const importCsv = useImportBlocklist();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" asChild>
        <a href={blocklistExportPath} download>
          <Download aria-hidden />
          {t("admin.risk.export")}
        </a>
      </Button>
      <Button
        variant="outline"
        disabled={importCsv.isPending}
        onClick={() => fileInput.current?.click()}
      >
        {importCsv.isPending ? <Spinner /> : <Upload aria-hidden />}
        {t("admin.risk.import")}
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept=".csv,text/csv"
        className="hidden"
        data-testid="blocklist-import-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (!file) return;
          importCsv.mutate(file, {
            onSuccess: (summary) => toast.success(t("admin.risk.imported", summary)),
            onError: (error) =>
              toast.error(t("admin.risk.importFailed"), { description: error.message }),
          });
        }}
      />
    </div>
  );
}

function RemoveEntryDialog({
  entry,
  onDone,
}: {
  entry: BlocklistEntry | null;
  onDone: () => void;
}) {
  const { t } = useTexts();
  const remove = useRemoveBlocklistEntry();
  const [reason, setReason] = useState("");
  // Keeps the text while the dialog animates closed.
  const [shown, setShown] = useState(entry);
  if (entry && entry !== shown) setShown(entry);
  const close = () => {
    setReason("");
    onDone();
  };
  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (!entry) return;
    remove.mutate(
      { id: entry.id, reason },
      {
        onSuccess: () => {
          toast.success(t("admin.risk.remove.removed"));
          close();
        },
        onError: (error) =>
          toast.error(t("admin.risk.remove.failed"), { description: error.message }),
      },
    );
  };
  return (
    <AlertDialog
      open={entry !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) close();
      }}
    >
      <AlertDialogContent>
        <form onSubmit={onConfirm} className="space-y-4">
          <AlertDialogTitle>{t("admin.risk.remove.title")}</AlertDialogTitle>
          <AlertDialogDescription className="[overflow-wrap:anywhere]">
            {t("admin.risk.remove.description", {
              kind: shown ? t(`admin.risk.kinds.${shown.kind}`) : "",
              value: shown?.value ?? "",
            })}
          </AlertDialogDescription>
          <TextField
            id="blocklist-remove-reason"
            label={t("admin.risk.remove.reason")}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>
              {t("admin.common.cancel")}
            </AlertDialogCancel>
            <AlertDialogConfirm
              type="submit"
              variant="destructive"
              disabled={remove.isPending || !reason.trim()}
            >
              {remove.isPending && <Spinner />}
              {t("admin.risk.remove.confirm")}
            </AlertDialogConfirm>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
