import { ORDER_STATUSES, type OrderStatusValue } from "../../../shared/admin-order-input";
import { useAddressParams } from "../lib/address-params";
import type { OrderFilter } from "./admin-orders-api";

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

export function parseStatus(value: string | null): OrderStatusValue | undefined {
  return ORDER_STATUSES.find((status) => status === value);
}
