import { useTexts } from "../../i18n/use-texts";
import { type AdminColumn, AdminTable } from "../components/admin-table";

/** A reconciliation group's rows (the first of them when there are many), or that it has none. */
export function GroupItems<Item>({
  summary,
  columns,
  rowKey,
}: {
  summary: { count: number; items: Item[] };
  columns: AdminColumn<Item>[];
  rowKey: (item: Item) => string;
}) {
  const { t } = useTexts();
  return (
    <>
      {summary.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("adminReconciliation.empty")}</p>
      ) : (
        <AdminTable columns={columns} rows={summary.items} rowKey={rowKey} />
      )}
      {summary.count > summary.items.length && (
        <p className="mt-2 text-xs text-muted-foreground">
          {t("adminReconciliation.showingFirst", {
            shown: summary.items.length,
            count: summary.count,
          })}
        </p>
      )}
    </>
  );
}
