import { type NavigateOptions, useSearchParams } from "react-router";
import { ORDER_STATUSES, type OrderStatusValue } from "../../../shared/admin-order-input";
import type { OrderFilter } from "./admin-orders-api";

/**
 * The page's address parameters, and a change to them made on the address as it is
 * now: react-router hands a functional update the parameters of the render that made
 * it, so the search box's delayed update would undo an order opened meanwhile.
 */
function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const change = (edit: (next: URLSearchParams) => void, options?: NavigateOptions) => {
    const next = new URLSearchParams(window.location.search);
    edit(next);
    setParams(next, options);
  };
  return [params, change] as const;
}

/** The filter lives in the address (?status=&search=), so a link from a notification opens it. */
export function useOrderFilter() {
  const [params, changeParams] = useAddressParams();
  const filter: OrderFilter = {
    status: parseStatus(params.get("status")),
    search: params.get("search")?.trim() ?? "",
    account: params.get("account") ?? undefined,
    oldestFirst: params.get("oldest") === "1",
  };
  const update = (change: Partial<OrderFilter>) =>
    changeParams(
      (next) => {
        for (const [key, value] of Object.entries(change)) {
          const name = key === "oldestFirst" ? "oldest" : key;
          if (value) next.set(name, value === true ? "1" : value);
          else next.delete(name);
        }
      },
      { replace: true },
    );
  return [filter, update] as const;
}

/** The open order's details live in the address (?order=ID): the Telegram alert links there. */
export function useOpenOrder() {
  const [params, changeParams] = useAddressParams();
  const open = (id: string | null) =>
    changeParams((next) => {
      if (id) next.set("order", id);
      else next.delete("order");
    });
  return [params.get("order"), open] as const;
}

export function parseStatus(value: string | null): OrderStatusValue | undefined {
  return ORDER_STATUSES.find((status) => status === value);
}
