import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { cn } from "../../lib/utils";

/** A list's labelled search box, with a magnifier inside it. */
export function SearchField({
  id,
  label,
  className,
  ...input
}: { id: string; label: string; className?: string } & Omit<
  ComponentProps<typeof Input>,
  "id" | "type" | "className"
>) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input id={id} type="search" className="pl-9" autoComplete="off" {...input} />
      </div>
    </div>
  );
}
