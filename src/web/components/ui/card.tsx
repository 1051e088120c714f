import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/utils";

function Card({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="card"
      className={cn("rounded-lg border bg-card text-card-foreground shadow-sm", className)}
      {...props}
    />
  );
}

const cardHeaderVariants = cva("flex p-6", {
  variants: {
    layout: {
      stack: "flex-col gap-1.5",
      spaced: "flex-col gap-3",
      // A title with something beside it (a figure, an icon, buttons), wrapping below it on a phone.
      row: "flex-row flex-wrap items-center justify-between gap-3",
    },
  },
  defaultVariants: { layout: "stack" },
});

function CardHeader({
  className,
  layout,
  ...props
}: React.ComponentProps<"div"> & VariantProps<typeof cardHeaderVariants>) {
  return (
    <div
      data-slot="card-header"
      className={cn(cardHeaderVariants({ layout }), className)}
      {...props}
    />
  );
}

const cardTitleVariants = cva("font-semibold tracking-tight wrap-anywhere", {
  variants: { size: { default: "text-xl leading-tight", md: "text-lg", sm: "text-base" } },
  defaultVariants: { size: "default" },
});

function CardTitle({
  className,
  size,
  ...props
}: React.ComponentProps<"div"> & VariantProps<typeof cardTitleVariants>) {
  return (
    <div data-slot="card-title" className={cn(cardTitleVariants({ size }), className)} {...props} />
  );
}

function CardDescription({ className, ...props }: React.ComponentProps<"p">) {
  return (
    <p
      data-slot="card-description"
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}

const cardContentVariants = cva("", {
  variants: {
    padding: {
      // Below a header, which has the space above.
      default: "p-6 pt-0",
      // A card without a header.
      full: "p-4 sm:p-6",
      // The caller's classes give the padding.
      none: "",
    },
  },
  defaultVariants: { padding: "default" },
});

function CardContent({
  className,
  padding,
  ...props
}: React.ComponentProps<"div"> & VariantProps<typeof cardContentVariants>) {
  return (
    <div
      data-slot="card-content"
      className={cn(cardContentVariants({ padding }), className)}
      {...props}
    />
  );
}

function CardFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="card-footer"
      className={cn("flex items-center p-6 pt-0", className)}
      {...props}
    />
  );
}

export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle };
