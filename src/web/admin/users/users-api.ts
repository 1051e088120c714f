import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";

const usersKey = ["admin", "users"] as const;

async function listUsers(search: string, cursor: string) {
  const query: { search?: string; cursor?: string } = {};
  if (search) query.search = search;
  if (cursor) query.cursor = cursor;
  return unwrap(await api.api.admin.users.$get({ query }));
}

export type AdminUser = Awaited<ReturnType<typeof listUsers>>["users"][number];

/** Users whose e-mail contains `search` (all when empty), newest first, a page at a time. */
export function usersQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: [...usersKey, "list", search],
    queryFn: ({ pageParam }) => listUsers(search, pageParam),
    initialPageParam: "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    retry: false,
  });
}

export function userDetailsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...usersKey, "details", id],
    queryFn: async () => unwrap(await api.api.admin.users[":id"].$get({ param: { id } })),
    retry: false,
    staleTime: 0,
  });
}

export type AdminUserDetails = Awaited<
  ReturnType<NonNullable<ReturnType<typeof userDetailsQueryOptions>["queryFn"]>>
>;

/** Puts the customer on hold with a note, or lifts it (audited); their details and the orders reload. */
export function useCustomerHold(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { action: "hold"; note: string } | { action: "release" }) => {
      const param = { id: userId };
      const hold = api.api.admin.users[":id"].hold;
      return change.action === "hold"
        ? unwrap(await hold.$post({ param, json: { note: change.note } }))
        : unwrap(await hold.release.$post({ param }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}

export type UserAction = "makeAdmin" | "makeUser" | "block" | "unblock";

async function runUserAction(user: AdminUser, action: UserAction) {
  const param = { id: user.id };
  const users = api.api.admin.users[":id"];
  switch (action) {
    case "makeAdmin":
      return unwrap(await users.role.$post({ param, json: { role: "admin" } }));
    case "makeUser":
      return unwrap(await users.role.$post({ param, json: { role: "user" } }));
    case "block":
      return unwrap(await users.block.$post({ param }));
    case "unblock":
      return unwrap(await users.unblock.$post({ param }));
  }
}

/** Changes a user's role or block; every list and detail of users reloads afterwards. */
export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, action }: { user: AdminUser; action: UserAction }) =>
      runUserAction(user, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
