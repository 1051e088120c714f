import { Info } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent } from "./ui/card";

/** "Important Instructions" beside a form: a titled card of short lists (`InstructionList`). */
export function InstructionsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="border-amber-500/40">
      <CardContent padding="none" className="space-y-3 p-6 text-sm">
        <h2 className="flex items-center gap-2 font-semibold">
          <Info className="size-4 text-amber-600 dark:text-amber-400" aria-hidden />
          {title}
        </h2>
        {children}
      </CardContent>
    </Card>
  );
}

/** One list of instructions, under the card's title or a heading of its own. */
export function InstructionList({ heading, items }: { heading?: string; items: string[] }) {
  return (
    <>
      {heading && <h3 className="font-semibold">{heading}</h3>}
      <ul className="list-disc space-y-1.5 pl-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}
