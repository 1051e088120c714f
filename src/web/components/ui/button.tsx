import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/utils";

const buttonVariants = cva(
  "inline-flex shrink-0 items-center gap-2 rounded-md wrap-anywhere font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground hover:bg-primary-hover",
        destructive: "bg-destructive text-destructive-foreground hover:bg-destructive-hover",
        outline: "border border-input bg-transparent hover:bg-muted",
        ghost: "hover:bg-muted",
        link: "text-primary underline-offset-4 hover:underline",
      },
      // On a phone every button is a 44 px touch target; large text wraps and grows it.
      size: {
        default: "min-h-11 px-4 py-2 text-sm sm:min-h-10",
        sm: "min-h-11 px-3 py-1 text-sm sm:min-h-8",
        lg: "min-h-12 px-6 py-2 text-base",
        icon: "size-11 text-sm sm:size-10",
        "icon-sm": "size-11 text-sm sm:size-8",
        // A link in a line of text: its size, no padding, still a touch target's height.
        inline: "min-h-11 sm:min-h-8",
      },
      align: { center: "justify-center text-center", start: "justify-start text-left" },
    },
    defaultVariants: { variant: "default", size: "default", align: "center" },
  },
);

function Button({
  className,
  variant,
  size,
  align,
  asChild = false,
  ...props
}: React.ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      data-slot="button"
      className={cn(buttonVariants({ variant, size, align }), className)}
      {...props}
    />
  );
}

export { Button, buttonVariants };
