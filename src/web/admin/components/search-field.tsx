import { Search } from "lucide-react";
import { type ComponentProps, useEffect, useState } from "react";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { cn } from "../../lib/utils";

/** How long typing pauses before a search goes to the server. */
export const SEARCH_DELAY_MS = 300;

/** The search box's text, trimmed, once typing has paused. */
export function useSearchText(text: string): string {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

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
