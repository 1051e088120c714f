import type { ComponentProps, ReactNode } from "react";
import { LoadMoreButton } from "../../components/load-more-button";
import { Card, CardContent } from "../../components/ui/card";
import { useTexts } from "../../i18n/use-texts";
import { AdminListBody, type EmptyList } from "./admin-list-body";

type PagedListQuery = ComponentProps<typeof AdminListBody>["query"] &
  ComponentProps<typeof LoadMoreButton>["query"];

/**
 * A paged admin list in its card: the filters, the list's body (a spinner, the
 * failure, `empty` or the rows), then 'Load more' while there is a next page.
 */
export function PagedListCard({
  filters,
  query,
  isEmpty,
  failedTitle,
  empty,
  children,
}: {
  filters: ReactNode;
  query: PagedListQuery;
  isEmpty: boolean;
  failedTitle: string;
  empty: EmptyList;
  /** The rows' table. */
  children: ReactNode;
}) {
  const { t } = useTexts();
  return (
    <Card>
      <CardContent padding="full" className="space-y-4">
        {filters}
        <AdminListBody query={query} isEmpty={isEmpty} failedTitle={failedTitle} empty={empty}>
          {children}
        </AdminListBody>
        {!query.isError && <LoadMoreButton query={query} label={t("admin.common.loadMore")} />}
      </CardContent>
    </Card>
  );
}
