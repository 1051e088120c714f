import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Smartphone } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { type ReactNode, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";
import { explorerTxUrl, networkOf } from "../../../shared/catalog";
import {
  type PaySellOrderInput,
  paySellOrderInputSchema,
} from "../../../shared/sell-order-payout-input";
import { CopyButton } from "../../components/copy-button";
import { FormField } from "../../components/form/form-field";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Spinner } from "../../components/ui/spinner";
import type { TextFunction } from "../../i18n/text-keys";
import { useTexts } from "../../i18n/use-texts";
import { ApiError } from "../../lib/api-answers";
import { formatDateTime } from "../../lib/format";
import { withoutSpaces } from "../../lib/normalize";
import { showSaveRefusal } from "../components/save-refusal";
import { formatInr, formatUsdt } from "../lib/admin-format";
import { receivingAccountsQueryOptions } from "../lib/receiving-accounts-api";
import { SellOrderDestination } from "./sell-order-destination";
import {
  type AdminSellOrder,
  type AdminSellOrderDetails,
  sellOrderQueryOptions,
  useSellOrderActions,
} from "./sell-orders-api";

/** A sale whose rupees may still be paid (one not received needs an override). */
export function isPayable(order: Pick<AdminSellOrder, "status">) {
  return ["received", "awaiting_deposit", "expired"].includes(order.status);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-2 last:border-b-0 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium break-all">{children}</dd>
    </div>
  );
}

/** One sale: what to pay to whom (with the UPI QR code), its hold, the pay form and its timeline. */
export function SellOrderDialog({
  orderId,
  onClose,
}: {
  orderId: string | null;
  onClose: () => void;
}) {
  const { t } = useTexts();
  const details = useQuery({ ...sellOrderQueryOptions(orderId ?? ""), enabled: orderId !== null });
  const order = details.data;
  return (
    <Dialog open={orderId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("dialog.close")} className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            {t("adminSellOrders.details.title", { id: orderId?.slice(0, 8) ?? "" })}
          </DialogTitle>
          <DialogDescription>
            {order
              ? t("adminSellOrders.details.description", {
                  usdt: formatUsdt(order.depositUsdt),
                  network: networkOf(order.network).name,
                  email: order.userEmail,
                  date: formatDateTime(order.createdAt),
                })
              : ""}
          </DialogDescription>
        </DialogHeader>
        {!order ? (
          details.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {details.error.message}
            </p>
          ) : (
            <Spinner />
          )
        ) : (
          <SellOrderBody order={order} onPaid={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SellOrderBody({ order, onPaid }: { order: AdminSellOrderDetails; onPaid: () => void }) {
  const { t } = useTexts();
  return (
    <div className="space-y-4">
      <PayoutToSend order={order} />
      {order.hold && <HoldPanel order={order} />}
      {order.paid && (
        <p className="rounded-md bg-emerald-600/10 p-3 text-sm" data-testid="sell-paid">
          {t("adminSellOrders.details.paidLine", {
            amount: formatInr(order.payoutInr),
            date: formatDateTime(order.paid.at),
            by: order.paid.by ?? "—",
            utr: order.paid.utr,
            account: order.paid.fromAccount?.label ?? "—",
          })}
        </p>
      )}
      {isPayable(order) && !order.hold && <PayForm order={order} onPaid={onPaid} />}
      <dl className="text-sm">
        <Row label={t("adminSellOrders.details.customer")}>{order.userEmail}</Row>
        <Row label={t("adminSellOrders.details.verifiedName")}>
          {order.customerVerifiedName ?? t("adminSellOrders.details.notVerified")}
        </Row>
        <Row label={t("adminSellOrders.details.deposit")}>
          {formatUsdt(order.depositUsdt)} · {networkOf(order.network).name}
        </Row>
        <Row label={t("adminSellOrders.details.depositTx")}>
          {order.depositTxHash ? (
            <a
              href={explorerTxUrl(order.network, order.depositTxHash)}
              target="_blank"
              rel="noreferrer"
              className="font-mono text-xs hover:underline"
            >
              {order.depositTxHash}
            </a>
          ) : (
            t("adminSellOrders.details.notReceived")
          )}
        </Row>
      </dl>
      {order.events.length > 0 && (
        <section className="space-y-1 text-sm">
          <h3 className="font-medium">{t("adminSellOrders.details.timeline")}</h3>
          <ol className="space-y-1 text-muted-foreground">
            {order.events.map((event) => (
              <li key={event.id}>
                {formatDateTime(event.createdAt)}: {event.fromStatus ?? "—"} → {event.toStatus}
                {event.actorEmail ? ` (${event.actorEmail})` : ""}
                {event.note ? ` · ${event.note}` : ""}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

/** The rupees to send and where, large enough to read across the desk; a UPI ID's QR code and link. */
function PayoutToSend({ order }: { order: AdminSellOrder }) {
  const { t } = useTexts();
  const link = order.destination.upiPayLink;
  return (
    <section
      aria-label={t("adminSellOrders.details.payTo")}
      className="grid gap-4 rounded-lg border bg-muted/40 p-4 sm:grid-cols-[auto_minmax(0,1fr)]"
    >
      {link ? (
        <figure className="flex flex-col items-center gap-1.5">
          <div className="rounded-md bg-white p-2">
            <QRCodeSVG
              value={link}
              size={136}
              marginSize={0}
              title={t("adminSellOrders.details.qrTitle", {
                amount: formatInr(order.payoutInr),
                upiId: order.destination.upiId ?? "",
              })}
            />
          </div>
          <Button asChild variant="outline" size="sm">
            <a href={link} data-testid="upi-pay-link">
              <Smartphone aria-hidden />
              {t("adminSellOrders.details.openUpiApp")}
            </a>
          </Button>
        </figure>
      ) : (
        <p className="max-w-[10rem] text-xs text-muted-foreground">
          {t("adminSellOrders.details.noQr")}
        </p>
      )}
      <div className="min-w-0 space-y-3">
        <p>
          <span className="block text-xs text-muted-foreground">
            {t("adminSellOrders.amountInr")}
          </span>
          <span className="flex items-center gap-1">
            <span className="font-mono text-3xl font-bold" data-testid="sell-pay-amount">
              {order.payoutInr}
            </span>
            <CopyButton value={order.payoutInr} label={t("adminSellOrders.amountInr")} />
          </span>
          {order.tds && (
            <span className="block text-xs text-muted-foreground" data-testid="sell-tds">
              {t("adminSellOrders.details.tdsLine", {
                gross: formatInr(order.inrAmount),
                rate: order.tds.ratePercent,
                withoutPan: order.tds.withoutPan ? t("adminSellOrders.details.tdsWithoutPan") : "",
                tds: formatInr(order.tds.inr),
              })}
            </span>
          )}
        </p>
        <SellOrderDestination destination={order.destination} />
      </div>
    </section>
  );
}

/** Why a sale is held, in the operators' words: one label a rule (the type check wants each). */
export function holdRuleLabels(t: TextFunction, hold: NonNullable<AdminSellOrder["hold"]>) {
  return hold.rules.map((rule) => t(`adminSellOrders.holdRules.${rule}`));
}

function HoldPanel({ order }: { order: AdminSellOrderDetails }) {
  const { t } = useTexts();
  const { releaseHold } = useSellOrderActions();
  return (
    <section
      aria-labelledby="sell-hold-title"
      className="space-y-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
    >
      <h3 id="sell-hold-title" className="font-medium">
        {t("adminSellOrders.details.holdTitle")}
      </h3>
      {order.hold && (
        <ul className="list-disc space-y-1 pl-5" data-testid="sell-hold-rules">
          {holdRuleLabels(t, order.hold).map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
      )}
      <p>{t("adminSellOrders.details.holdText")}</p>
      <Button
        size="sm"
        disabled={releaseHold.isPending}
        onClick={() =>
          releaseHold.mutate(order.id, {
            onSuccess: () => toast.success(t("adminSellOrders.details.released")),
            onError: (failure) =>
              toast.error(t("adminSellOrders.details.releaseFailed"), {
                description: failure.message,
              }),
          })
        }
      >
        {releaseHold.isPending && <Spinner />}
        {t("adminSellOrders.details.release")}
      </Button>
    </section>
  );
}

/** What the form holds: the schema's input (the override's fields only while shown). */
type PayFormValues = z.input<typeof paySellOrderInputSchema>;

const FIELDS = new Set(["utr", "paidFromAccountId", "overrideReason"]);

/** The UTR and the desk account the rupees left from; the server's refusal shows in the form. */
function PayForm({ order, onPaid }: { order: AdminSellOrder; onPaid: () => void }) {
  const { t } = useTexts();
  const { pay } = useSellOrderActions();
  const accounts = useQuery(receivingAccountsQueryOptions).data?.accounts ?? [];
  const usable = accounts.filter((account) => !account.retiredAt && !account.frozenAt);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<PayFormValues, unknown, PaySellOrderInput>({
    resolver: zodResolver(paySellOrderInputSchema),
    // The override's fields are sent only while shown (a sale not yet received).
    shouldUnregister: true,
    defaultValues: { utr: "", paidFromAccountId: "", override: false, overrideReason: "" },
  });
  const isOverride = useWatch({ control: form.control, name: "override" });
  const needsOverride = order.status !== "received";

  const onSubmit = form.handleSubmit(async (input) => {
    setRefusal(null);
    try {
      await pay.mutateAsync({ id: order.id, input });
      toast.success(t("adminSellOrders.form.paidToast", { id: order.shortId }));
      onPaid();
    } catch (error) {
      // A refusal about a field shows under it; any other (paid already, on hold) above the button.
      const field = error instanceof ApiError ? error.details.field : undefined;
      if (typeof field !== "string" || !FIELDS.has(field)) {
        setRefusal(error instanceof Error ? error.message : String(error));
      }
      showSaveRefusal(error, {
        setError: form.setError,
        title: t("adminSellOrders.form.failed"),
        hasField: (field) => FIELDS.has(field),
      });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-3 rounded-lg border p-4"
      aria-label={t("adminSellOrders.form.title")}
    >
      <h3 className="font-medium">{t("adminSellOrders.form.title")}</h3>
      <FormField
        control={form.control}
        name="utr"
        label={t("adminSellOrders.form.utr")}
        autoComplete="off"
        spellCheck={false}
        inputMode="text"
        normalize={withoutSpaces}
        // The operator opened the sale to pay it: the UTR is what they type next.
        autoFocus
      />
      <p className="text-xs text-muted-foreground">{t("adminSellOrders.form.utrHint")}</p>
      <Controller
        control={form.control}
        name="paidFromAccountId"
        render={({ field, fieldState }) => (
          <div className="space-y-2">
            <Label htmlFor="field-paidFromAccountId">{t("adminSellOrders.form.account")}</Label>
            <NativeSelect
              {...field}
              id="field-paidFromAccountId"
              aria-invalid={fieldState.invalid}
              aria-describedby={fieldState.error ? "field-paidFromAccountId-error" : undefined}
            >
              <option value="">{t("adminSellOrders.form.chooseAccount")}</option>
              {usable.map((account) => (
                <option key={account.id} value={account.id}>
                  {account.label} (
                  {account.upiId ??
                    `${account.bankName ?? ""} ${account.accountNumber ?? ""}`.trim()}
                  )
                </option>
              ))}
            </NativeSelect>
            {fieldState.error && (
              <p id="field-paidFromAccountId-error" className="text-sm text-destructive">
                {fieldState.error.message}
              </p>
            )}
          </div>
        )}
      />
      {needsOverride && (
        <Controller
          control={form.control}
          name="override"
          render={({ field }) => (
            <label className="flex min-h-6 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={field.value ?? false}
                onChange={(event) => field.onChange(event.target.checked)}
              />
              {t("adminSellOrders.form.override")}
            </label>
          )}
        />
      )}
      {needsOverride && isOverride && (
        <FormField
          control={form.control}
          name="overrideReason"
          label={t("adminSellOrders.form.overrideReason")}
          autoComplete="off"
        />
      )}
      {refusal && (
        <p role="alert" className="text-sm text-destructive" data-testid="pay-refusal">
          {refusal}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting && <Spinner />}
        {t("adminSellOrders.form.submit")}
      </Button>
    </form>
  );
}
