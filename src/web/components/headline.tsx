/** A screen's one <h1> and the line under it: the exchange screen's, each side its own. */
export function Headline({
  id,
  title,
  description,
}: {
  id: string;
  title: string;
  description: string;
}) {
  return (
    <div className="space-y-2">
      <h1 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h1>
      <p className="text-sm text-muted-foreground sm:text-base">{description}</p>
    </div>
  );
}
