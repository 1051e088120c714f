import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { OrderStatusValue } from "../../../shared/admin-order-input";
import { findNetwork, type NetworkId } from "../../../shared/catalog";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "../../components/ui/alert-dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { type AdminOrder, useChangeOrderStatus } from "./admin-orders-api";

export interface StatusChange {
  order: AdminOrder;
  status: OrderStatusValue;
}

/** Which hint the payout field shows for the order's network (or e-wallet). */
function payoutFormat(order: AdminOrder): "tron" | "evm" | "solana" | "provider" {
  const network = order.network ? findNetwork(order.network as NetworkId) : undefined;
  return network?.family ?? "provider";
}

/**
 * 'Mark as …' confirmation. Completing asks for the payout's transaction hash
 * (optional; the server checks it for the order's network). A refusal stays in the
 * dialog, with the server's message, so the admin can correct it.
 */
export function ChangeStatusDialog({
  change,
  onDone,
}: {
  change: StatusChange | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useChangeOrderStatus();
  // Keeps the text while the dialog animates closed.
  const [shown, setShown] = useState(change);
  const [payoutTxHash, setPayoutTxHash] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (change && change !== shown) {
    setShown(change);
    setPayoutTxHash("");
    setNote("");
    setError(null);
  }
  const order = shown?.order;
  const status = shown?.status ?? "pending";
  const statusLabel = t(`adminOrders.status.${status}`);
  const isCompleting = status === "completed";

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!change) return;
    setError(null);
    mutation.mutate(
      {
        id: change.order.id,
        status: change.status,
        payoutTxHash: isCompleting && payoutTxHash.trim() ? payoutTxHash.trim() : undefined,
        note: note.trim() || undefined,
      },
      {
        onSuccess: (updated) => {
          if (updated.payoutCheck?.state === "checking") {
            toast.info(t("adminOrders.payoutCheck.checkingTitle"), {
              description: t("adminOrders.payoutCheck.checkingDescription"),
            });
          } else {
            toast.success(t("adminOrders.updatedTitle", { status: statusLabel }));
          }
          onDone();
        },
        onError: (failure) => {
          setError(failure.message);
          toast.error(t("adminOrders.updateFailedTitle"), { description: failure.message });
        },
      },
    );
  };

  return (
    <AlertDialog
      open={change !== null}
      onOpenChange={(open) => {
        if (!open && !mutation.isPending) onDone();
      }}
    >
      <AlertDialogContent
        onOpenAutoFocus={(event) => {
          // From the keyboard: completing starts in the hash field, other changes on confirm.
          event.preventDefault();
          const field = isCompleting ? "#payout-tx-hash" : "[data-confirm]";
          (event.currentTarget as HTMLElement).querySelector<HTMLElement>(field)?.focus();
        }}
      >
        <form onSubmit={onSubmit} className="grid gap-4">
          <AlertDialogTitle>
            {t("adminOrders.confirm.title", { status: statusLabel })}
          </AlertDialogTitle>
          <AlertDialogDescription className="break-words">
            {t("adminOrders.confirm.description", {
              id: order?.shortId ?? "",
              email: order?.userEmail ?? "",
              status: statusLabel,
            })}
          </AlertDialogDescription>
          {isCompleting && order && (
            <div className="space-y-2">
              <Label htmlFor="payout-tx-hash">{t("adminOrders.confirm.payout")}</Label>
              <Input
                id="payout-tx-hash"
                className="font-mono"
                autoComplete="off"
                spellCheck={false}
                value={payoutTxHash}
                onChange={(event) => setPayoutTxHash(event.target.value)}
                aria-invalid={error !== null}
                aria-describedby="payout-tx-hash-hint"
              />
              <p id="payout-tx-hash-hint" className="text-xs text-muted-foreground">
                {t("adminOrders.confirm.payoutOptional")}{" "}
                {t(`adminOrders.payoutFormat.${payoutFormat(order)}`)}
              </p>
            </div>
          )}
          <div className="space-y-2">
            <Label htmlFor="status-note">{t("adminOrders.confirm.note")}</Label>
            <Input
              id="status-note"
              autoComplete="off"
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={mutation.isPending}>
              {t("admin.common.cancel")}
            </AlertDialogCancel>
            <AlertDialogConfirm
              data-confirm
              type="submit"
              variant={status === "cancelled" ? "destructive" : "default"}
              disabled={mutation.isPending}
            >
              {mutation.isPending && <Spinner />}
              {t("adminOrders.confirm.confirm", { status: statusLabel })}
            </AlertDialogConfirm>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
