import type { ComponentProps, ReactNode } from "react";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "../../components/ui/table";
import { useTexts } from "../../i18n/use-texts";
import { cn } from "../../lib/utils";

/** data-* attributes: a test id, or what a script finds the element by. */
type DataAttributes = { [name: `data-${string}`]: string | undefined };

/** A cell's own attributes, beside its content: a title, a test id. */
type CellAttributes = Omit<ComponentProps<"td">, "children" | "className"> & DataAttributes;

/** One column of an admin table: its header, and what each row shows in it. */
export interface AdminColumn<Row> {
  /** Tells the column apart from its neighbours (React's key). */
  id: string;
  header: ReactNode;
  /**
   * Classes on the header and on every cell: from which width the column shows
   * ("hidden sm:table-cell", its content folded into the first cell below that) and
   * its alignment.
   */
  className?: string;
  /** Classes on the header only (a minimum width). */
  headClassName?: string;
  /** Classes on every cell only (wrapping, weight, a maximum width). */
  cellClassName?: string;
  cellAttributes?: (row: Row) => CellAttributes;
  cell: (row: Row) => ReactNode;
}

/**
 * The admin lists' table: a header row of the columns' labels, then a row for each
 * item of `rows`. `actions` adds a last column for the row's menu or button, its header read by
 * screen readers only; it stays at the right edge while a wide table scrolls
 * sideways, so the menu is always at hand, on a phone too.
 *
 * Ours rather than TanStack Table: the lists page, filter and search on the server,
 * so what is left to share is this markup, which a headless table would not write.
 */
export function AdminTable<Row>({
  columns,
  rows,
  rowKey,
  rowAttributes,
  actions,
  isRefreshing,
  alignTop = false,
  className,
  ...table
}: {
  columns: readonly AdminColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** A row's own attributes: a test id, a selected state, a click. */
  rowAttributes?: (row: Row, index: number) => ComponentProps<"tr"> & DataAttributes;
  actions?: { cell: (row: Row) => ReactNode };
  /**
   * The rows are the last search's, shown while the new one loads (so an open row
   * menu keeps its row): dimmed, and busy to assistive technology.
   */
  isRefreshing?: boolean;
  /** Every cell aligns to the top: for rows of several lines each. */
  alignTop?: boolean;
  className?: string;
  scrollLabel?: string;
  "aria-label"?: string;
}) {
  const { t } = useTexts();
  const verticalAlign = alignTop ? "top" : "middle";
  return (
    <Table
      className={cn(className, isRefreshing && "opacity-60")}
      aria-busy={isRefreshing}
      {...table}
    >
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column.id} className={cn(column.className, column.headClassName)}>
              {column.header}
            </TableHead>
          ))}
          {actions && (
            <TableHead className="sticky right-0 w-12 bg-card text-right">
              <span className="sr-only">{t("admin.common.actions")}</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => {
          const { className: rowClassName, ...attributes } = rowAttributes?.(row, index) ?? {};
          return (
            <TableRow key={rowKey(row)} className={cn(SELECTED_ROW, rowClassName)} {...attributes}>
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  verticalAlign={verticalAlign}
                  className={cn(column.className, column.cellClassName)}
                  {...column.cellAttributes?.(row)}
                >
                  {column.cell(row)}
                </TableCell>
              ))}
              {actions && (
                <TableCell
                  padding="compact"
                  verticalAlign={verticalAlign}
                  className={cn("sticky right-0 bg-card text-right", SELECTED_STICKY_CELL)}
                >
                  {actions.cell(row)}
                </TableCell>
              )}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** A selected row (`aria-selected`): tinted and outlined. */
const SELECTED_ROW =
  "group/row aria-selected:bg-muted/70 aria-selected:outline-2 aria-selected:-outline-offset-2 aria-selected:outline-primary";
/**
 * The sticky actions cell is opaque, so that rows scrolling under it stay hidden: it
 * paints the selected row's tint and its part of the outline (top, bottom, right) itself.
 */
const SELECTED_STICKY_CELL =
  "group-aria-selected/row:bg-[color-mix(in_oklab,var(--color-muted)_70%,var(--color-card))] group-aria-selected/row:shadow-[inset_0_2px_var(--color-primary),inset_0_-2px_var(--color-primary),inset_-2px_0_var(--color-primary)]";

/** A column of figures: right-aligned, their digits of one width so that they line up. */
export function figureColumn<Row>(
  id: string,
  header: ReactNode,
  cell: (row: Row) => ReactNode,
): AdminColumn<Row> {
  return { id, header, className: "text-right", cellClassName: "tabular-nums", cell };
}
