import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../../lib/utils";

const inputVariants = cva(
  "flex h-11 w-full min-w-0 rounded-md border border-input bg-background px-3 py-2 outline-none transition-colors placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive sm:h-10",
  {
    // 16 px on a phone, where a smaller field makes the browser zoom in on focus.
    variants: { textSize: { default: "text-base md:text-sm", large: "text-lg" } },
    defaultVariants: { textSize: "default" },
  },
);

function Input({
  className,
  type,
  textSize,
  ...props
}: React.ComponentProps<"input"> & VariantProps<typeof inputVariants>) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(inputVariants({ textSize }), className)}
      {...props}
    />
  );
}

export { Input };
