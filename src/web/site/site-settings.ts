import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../lib/api-client";

export const siteSettingsQueryOptions = queryOptions({
  queryKey: ["site-settings"],
  queryFn: async () => {
    const response = await api.api["site-settings"].$get();
    if (!response.ok) throw new Error("Could not load settings");
    return response.json();
  },
  staleTime: 60_000,
});

export function useSiteSettings() {
  return useQuery(siteSettingsQueryOptions);
}
