import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { type OrderStatusValue, validatePayoutReference } from "../../../shared/admin-order-input";
import { findNetwork, type NetworkId } from "../../../shared/catalog";
import { ConfirmWithNoteDialog, useDialogSubject } from "../../components/confirm-with-note-dialog";
import { AlertDialogConfirm } from "../../components/ui/alert-dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { ApiError } from "../../lib/api-answers";
import { type AdminOrder, useChangeOrderStatus } from "./admin-orders-api";

export interface StatusChange {
  order: AdminOrder;
  status: OrderStatusValue;
}

const PAYOUT_HASH_FIELD = "payout-tx-hash";
/** The server's refusals of the payout hash itself (its shape, a hash another order paid with). */
const HASH_REFUSALS = new Set(["INVALID_PAYOUT_TX_HASH", "PAYOUT_TX_HASH_USED"]);

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
  const { t } = useTexts();
  const form = useStatusChange(change, onDone);
  const { order, status, statusLabel, isCompleting, isPending } = form;
  return (
    <ConfirmWithNoteDialog
      open={change !== null}
      isPending={isPending}
      onClose={onDone}
      onSubmit={form.onSubmit}
      onOpenAutoFocus={(event) => {
        // From the keyboard: completing starts in the hash field, other changes on confirm.
        event.preventDefault();
        const field = isCompleting ? `#${PAYOUT_HASH_FIELD}` : "[data-confirm]";
        (event.currentTarget as HTMLElement).querySelector<HTMLElement>(field)?.focus();
      }}
      title={t("adminOrders.confirm.title", { status: statusLabel })}
      description={t("adminOrders.confirm.description", {
        id: order?.shortId ?? "",
        email: order?.userEmail ?? "",
        status: statusLabel,
      })}
      noteLabel={t("adminOrders.confirm.note")}
      note={form.note}
      onNoteChange={form.setNote}
      error={form.error}
      actions={
        <AlertDialogConfirm
          data-confirm
          type="submit"
          variant={status === "cancelled" ? "destructive" : "default"}
          disabled={isPending}
        >
          {isPending && <Spinner />}
          {t("adminOrders.confirm.confirm", { status: statusLabel })}
        </AlertDialogConfirm>
      }
    >
      {isCompleting && order && (
        <PayoutHashField
          order={order}
          value={form.payoutTxHash}
          onChange={form.setPayoutTxHash}
          error={form.hashError}
        />
      )}
    </ConfirmWithNoteDialog>
  );
}

/**
 * The change the dialog shows (kept while it animates closed), what is typed in it,
 * and its submit: a hash of the wrong shape is told here, as the server would, and
 * the server's refusal of the hash lands under its field, any other under the note.
 */
function useStatusChange(change: StatusChange | null, onDone: () => void) {
  const { t } = useTexts();
  const mutation = useChangeOrderStatus();
  const [payoutTxHash, setPayoutTxHash] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  /** A refusal of the payout hash itself: shown under that field, not under the note. */
  const [hashError, setHashError] = useState<string | null>(null);
  const shown = useDialogSubject(change, () => {
    setPayoutTxHash("");
    setNote("");
    setError(null);
    setHashError(null);
  });
  const status = shown?.status ?? "pending";
  const statusLabel = t(`adminOrders.status.${status}`);
  const isCompleting = status === "completed";
  const refuseHash = (message: string) => {
    setHashError(message);
    document.getElementById(PAYOUT_HASH_FIELD)?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!change) return;
    setError(null);
    setHashError(null);
    // A hash of the wrong shape is told here, as the server would, without the round trip.
    const hash = payoutTxHash.trim();
    const checked = isCompleting && hash ? validatePayoutReference(change.order, hash) : null;
    if (checked && !checked.ok) {
      refuseHash(checked.message);
      return;
    }
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
          if (failure instanceof ApiError && HASH_REFUSALS.has(failure.code ?? "")) {
            refuseHash(failure.message);
          } else {
            setError(failure.message);
          }
          toast.error(t("adminOrders.updateFailedTitle"), { description: failure.message });
        },
      },
    );
  };
  return {
    order: shown?.order,
    status,
    statusLabel,
    isCompleting,
    isPending: mutation.isPending,
    payoutTxHash,
    setPayoutTxHash,
    note,
    setNote,
    error,
    hashError,
    onSubmit,
  };
}

/** The payout's transaction hash (optional), with the format the order's network takes. */
function PayoutHashField({
  order,
  value,
  onChange,
  error,
}: {
  order: AdminOrder;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const { t } = useTexts();
  return (
    <div className="space-y-2">
      <Label htmlFor={PAYOUT_HASH_FIELD}>{t("adminOrders.confirm.payout")}</Label>
      <Input
        id={PAYOUT_HASH_FIELD}
        className="font-mono"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error !== null}
        aria-describedby={
          error ? "payout-tx-hash-error payout-tx-hash-hint" : "payout-tx-hash-hint"
        }
      />
      {error && (
        <p id="payout-tx-hash-error" role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <p id="payout-tx-hash-hint" className="text-xs text-muted-foreground">
        {t("adminOrders.confirm.payoutOptional")}{" "}
        {t(`adminOrders.payoutFormat.${payoutFormat(order)}`)}
      </p>
    </div>
  );
}
