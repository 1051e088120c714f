import type * as React from "react";
import { cn } from "../../lib/utils";

/** The browser's own select, styled like Input: on a phone it opens the system's picker. */
function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select
      data-slot="native-select"
      className={cn(
        "h-11 w-full rounded-md border border-input bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring sm:h-10",
        className,
      )}
      {...props}
    />
  );
}

/** One option per catalog entry: its id the value, its name the label. */
function CatalogOptions({ options }: { options: readonly { id: string; name: string }[] }) {
  return options.map((option) => (
    <option key={option.id} value={option.id}>
      {option.name}
    </option>
  ));
}

export { CatalogOptions, NativeSelect };
