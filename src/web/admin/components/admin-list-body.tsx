import { type LucideIcon, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";

/** What an admin list's body needs of its query (useQuery or useInfiniteQuery). */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isLoadingError: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/** What a list with no rows says: what is missing and, after a search, what was searched for. */
export interface EmptyList {
  icon?: LucideIcon;
  title: string;
  detail?: string;
}

/**
 * An admin list's body: a spinner until the first answer, the failure when there
 * is none, `empty` (when given and `isEmpty`) or the rows. A refresh (or next page) that fails once rows are
 * shown keeps them, so a row's open menu or dialog stays, under a quiet notice.
 */
export function AdminListBody({
  query,
  isEmpty = false,
  failedTitle,
  empty,
  children,
}: {
  query: ListQuery;
  isEmpty?: boolean;
  failedTitle: string;
  empty?: EmptyList;
  children: ReactNode;
}) {
  const { t } = useTexts();
  if (query.isPending) {
    return (
      <p role="status" className="flex justify-center py-10">
        <Spinner size="large" />
        <span className="sr-only">{t("admin.common.loading")}</span>
      </p>
    );
  }
  const retry = (
    <Button variant="outline" size="sm" onClick={() => query.refetch()}>
      {t("admin.common.retry")}
    </Button>
  );
  if (query.isLoadingError) {
    return (
      <div role="alert" className="space-y-3 p-6 text-sm">
        <p className="font-medium">{failedTitle}</p>
        <p className="text-muted-foreground">{query.error?.message}</p>
        {retry}
      </div>
    );
  }
  return (
    <>
      {query.isError && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 text-sm text-amber-800 dark:text-amber-300"
        >
          <TriangleAlert className="size-4 shrink-0" aria-hidden />
          <p className="flex-1">
            {t("admin.common.refreshFailed", { message: query.error?.message ?? "" })}
          </p>
          {retry}
        </div>
      )}
      {isEmpty && empty ? <Empty {...empty} /> : children}
    </>
  );
}

function Empty({ icon: Icon, title, detail }: EmptyList) {
  return (
    <div className="p-6 text-center sm:py-10">
      {Icon && <Icon className="mx-auto mb-3 size-10 text-muted-foreground" aria-hidden />}
      <p className="font-medium">{title}</p>
      {detail && <p className="text-sm text-muted-foreground">{detail}</p>}
    </div>
  );
}
