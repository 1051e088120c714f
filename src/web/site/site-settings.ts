import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../lib/api-client";
import { useIsHydrated } from "../lib/hydration";

export const siteSettingsQueryOptions = queryOptions({
  queryKey: ["site-settings"],
  queryFn: async () => unwrap(await api.api["site-settings"].$get()),
  staleTime: 60_000,
});

export type SiteSettings = NonNullable<ReturnType<typeof useSiteSettings>["data"]>;

/** The site's settings; pending until the first answer, and while hydrating. */
export function useSiteSettings() {
  const { data, isPending, isError } = useQuery(siteSettingsQueryOptions);
  const isHydrated = useIsHydrated();
  return isHydrated
    ? { data, isPending, isError }
    : { data: undefined, isPending: true, isError: false };
}
