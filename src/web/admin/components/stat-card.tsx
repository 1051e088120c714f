import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader } from "../../components/ui/card";

/** One figure of an admin page's summary: a title with its icon, the figure, a note. */
export function StatCard({
  icon: Icon,
  title,
  note,
  children,
}: {
  icon: LucideIcon;
  title: string;
  note?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader layout="row" className="pb-2">
        <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold tabular-nums">{children}</p>
        {note && <p className="mt-1 text-xs text-muted-foreground">{note}</p>}
      </CardContent>
    </Card>
  );
}
