import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/utils";

const badgeVariants = cva(
  "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 font-semibold",
  {
    variants: {
      variant: {
        default: "border-transparent bg-muted text-foreground",
        accent: "border-transparent bg-accent text-accent-foreground",
        success: "border-transparent bg-emerald-600/15 text-emerald-800 dark:text-emerald-300",
        warning: "border-transparent bg-amber-500/15 text-amber-800 dark:text-amber-300",
        info: "border-transparent bg-sky-500/15 text-sky-800 dark:text-sky-300",
        destructive: "border-transparent bg-destructive/15 text-red-800 dark:text-red-300",
      },
      size: { default: "text-xs", md: "text-sm" },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

function Badge({
  className,
  variant,
  size,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return (
    <span
      data-slot="badge"
      className={cn(badgeVariants({ variant, size }), className)}
      {...props}
    />
  );
}

export { Badge, badgeVariants };
