import { type QueryKey, useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Spinner } from "../../components/ui/spinner";
import { SettingsCard } from "./settings-card";

/**
 * A card of settings saved on their own: the group as the server holds it, then its
 * form — a fresh one per saved version, so it starts from what the server holds.
 */
export function SavedGroupCard<Saved>({
  title,
  description,
  queryKey,
  read,
  form,
}: {
  title: string;
  description: string;
  queryKey: QueryKey;
  read: () => Promise<Saved>;
  form: (saved: Saved) => ReactNode;
}) {
  const query = useQuery({ queryKey, queryFn: read, retry: false });
  return (
    <SettingsCard title={title} description={description}>
      {query.data ? (
        <div key={JSON.stringify(query.data)}>{form(query.data)}</div>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {query.error.message}
        </p>
      ) : (
        <Spinner />
      )}
    </SettingsCard>
  );
}
