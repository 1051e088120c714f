import { cn } from "../lib/utils";
import { Button } from "./ui/button";
import { Spinner } from "./ui/spinner";

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** 'Load more' under a cursor-paged list; hidden when there is no next page. */
export function LoadMoreButton({
  query,
  label,
  className,
}: {
  query: PagedQuery;
  label: string;
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className={cn("w-full", className)}
      onClick={() => query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
    >
      {query.isFetchingNextPage && <Spinner />}
      {label}
    </Button>
  );
}
