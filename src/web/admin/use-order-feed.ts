import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTexts } from "../i18n/use-texts";

export interface OrderFeed {
  /** Pending orders right now; null until the server has said. */
  pendingOrders: number | null;
  isLive: boolean;
}

/**
 * Follows every order change while an admin page is open: refreshes admin data,
 * keeps the pending count, and shows a browser notification for a new order
 * when the admin has allowed them.
 */
export function useOrderFeed(): OrderFeed {
  const { t } = useTexts();
  const queryClient = useQueryClient();
  const [feed, setFeed] = useState<OrderFeed>({ pendingOrders: null, isLive: false });

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/admin/order-events");
    source.addEventListener("open", () => setFeed((current) => ({ ...current, isLive: true })));
    source.addEventListener("error", () => setFeed((current) => ({ ...current, isLive: false })));
    source.addEventListener("pending", (event) => {
      const { pendingOrders } = JSON.parse((event as MessageEvent<string>).data) as {
        pendingOrders: number;
      };
      setFeed({ pendingOrders, isLive: true });
    });
    source.addEventListener("order", (event) => {
      const change = JSON.parse((event as MessageEvent<string>).data) as {
        orderId: string;
        kind: string;
      };
      queryClient.invalidateQueries({ queryKey: ["admin", "orders"] });
      queryClient.invalidateQueries({ queryKey: ["admin", "dashboard"] });
      if (
        change.kind === "created" &&
        "Notification" in window &&
        Notification.permission === "granted"
      ) {
        new Notification(t("admin.feed.newOrderTitle"), {
          body: t("admin.feed.newOrderBody", { id: change.orderId.slice(0, 8) }),
          tag: change.orderId,
        });
      }
    });
    return () => source.close();
  }, [queryClient, t]);

  return feed;
}
