import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-answers";

/** A lapsed admin step-up anywhere sends the admin guard back to /admin-login. */
function onError(error: Error) {
  if (error instanceof ApiError && error.code === "STEP_UP_REQUIRED") {
    queryClient.invalidateQueries({ queryKey: ["admin", "session"] });
  }
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: true } },
});
