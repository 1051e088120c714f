import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../lib/api-client";

export const siteSettingsQueryOptions = queryOptions({
  queryKey: ["site-settings"],
  queryFn: async () => unwrap(await api.api["site-settings"].$get()),
  staleTime: 60_000,
});

export type SiteSettings = NonNullable<ReturnType<typeof useSiteSettings>["data"]>;

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions);
}
