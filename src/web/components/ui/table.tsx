import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/utils";

/**
 * A table in a container that scrolls sideways when it is wider. Give a table that
 * may be wider than the page a `scrollLabel`: its container is then a named region
 * keyboard users can focus and scroll.
 */
function Table({
  className,
  scrollLabel,
  ...props
}: React.ComponentProps<"table"> & { scrollLabel?: string }) {
  return (
    <div
      data-slot="table-container"
      className="relative w-full overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring"
      {...(scrollLabel && { role: "region", "aria-label": scrollLabel, tabIndex: 0 })}
    >
      <table
        data-slot="table"
        className={cn("w-full caption-bottom text-left text-sm", className)}
        {...props}
      />
    </div>
  );
}

function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return (
    <thead
      className={cn(
        "border-b text-xs text-muted-foreground uppercase [&_tr]:hover:bg-transparent",
        className,
      )}
      {...props}
    />
  );
}

function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr className={cn("border-b transition-colors hover:bg-muted/50", className)} {...props} />
  );
}

function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn("h-10 px-3 align-middle font-medium whitespace-nowrap", className)}
      {...props}
    />
  );
}

const tableCellVariants = cva("px-3", {
  variants: {
    // Compact: a cell of buttons, which have their own height.
    padding: { default: "py-3", compact: "py-1.5" },
    // Top: for rows of several lines each.
    verticalAlign: { middle: "align-middle", top: "align-top" },
  },
  defaultVariants: { padding: "default", verticalAlign: "middle" },
});

function TableCell({
  className,
  padding,
  verticalAlign,
  ...props
}: React.ComponentProps<"td"> & VariantProps<typeof tableCellVariants>) {
  return <td className={cn(tableCellVariants({ padding, verticalAlign }), className)} {...props} />;
}

export { Table, TableBody, TableCell, TableHead, TableHeader, TableRow };
