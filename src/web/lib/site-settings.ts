import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { firstScreenAnswer } from "../first-screen-answers";
import { unwrap } from "./api-answers";
import type { api } from "./api-client";
import { useIsHydrated } from "./hydration";

type SiteSettingsAnswer = InferResponseType<(typeof api.api)["site-settings"]["$get"], 200>;

/*
 * Read with fetch, typed by the server's route: the first screen needs this one
 * answer, not the typed client (hono/client), which the pages that write load.
 */
export const siteSettingsQueryOptions = queryOptions({
  queryKey: ["site-settings"],
  queryFn: async (): Promise<SiteSettingsAnswer> => unwrap(await firstScreenAnswer("settings")),
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
