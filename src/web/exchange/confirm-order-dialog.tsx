import { QRCodeSVG } from "qrcode.react";
import { type ReactNode, type RefObject, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  currencyShortName,
  findNetwork,
  findReceiveOption,
  findSendOption,
  type NetworkId,
  type ReceiveCurrencyId,
  type SendCurrencyId,
} from "../../shared/catalog";
import { placeOrderInputSchema } from "../../shared/order-input";
import { buildUpiPayLink } from "../../shared/upi-link";
import { CopyButton } from "../components/copy-button";
import { Button } from "../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../components/ui/dialog";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { Spinner } from "../components/ui/spinner";
import { checkErrorText } from "../i18n/server-errors";
import { useTexts } from "../i18n/use-texts";
import { ApiError } from "../lib/api-answers";
import { onEnterInTextField } from "../lib/enter-key";
import { formatAmount } from "../lib/format";
import { toast } from "../lib/toast";
import {
  isLimitRefusal,
  limitRefusalText,
  PaymentStepProblemBox,
  paymentStepProblem,
  SUBMIT_BLOCKED_REASON_ID,
  SubmitBlockedReason,
} from "./payment-step-problem";
import { type PaymentAccount, usePaymentOffer, usePlaceOrder } from "./place-order";

export interface OrderDraft {
  sendCurrency: SendCurrencyId;
  receiveCurrency: ReceiveCurrencyId;
  network: NetworkId | null;
  amount: string;
  receiveAmount: string;
  rate: string;
  walletAddress: string;
}

/** 'Confirm Your Order': where to pay, then the payment's transaction ID. */
export function ConfirmOrderDialog({
  draft,
  onClose,
  returnFocusTo,
}: {
  draft: OrderDraft;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t } = useTexts();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const offer = usePaymentOffer(draft.sendCurrency, draft.amount, draft.network);
  const [transactionId, setTransactionId] = useState("");
  const [payerName, setPayerName] = useState("");
  // An order refused by the customer's limits: the reason stays, with the way to verify.
  const [limitRefusal, setLimitRefusal] = useState<Error | null>(null);
  /** Why each field was refused, and what it held: shown under it until it changes. */
  const [fieldRefusals, setFieldRefusals] = useState<
    Partial<Record<PaymentField, { reason: string; of: string }>>
  >({});
  const fields = {
    paymentReference: useRef<HTMLInputElement>(null),
    payerName: useRef<HTMLInputElement>(null),
  };
  const values: Record<PaymentField, string> = { paymentReference: transactionId, payerName };
  const refusalOf = (field: PaymentField) => {
    const refusal = fieldRefusals[field];
    return refusal?.of === values[field] ? refusal.reason : undefined;
  };
  /**
   * Each refused field keeps its reason after the toast is gone; the first, in the
   * order they show, takes the keyboard and is the one the toast names.
   */
  const refuseFields = (refusals: { field: unknown; reason: string }[]): string | undefined => {
    const refused = PAYMENT_FIELDS.flatMap((field) => {
      const refusal = refusals.find((candidate) => candidate.field === field);
      return refusal ? [{ field, reason: refusal.reason }] : [];
    });
    setFieldRefusals(
      Object.fromEntries(
        refused.map(({ field, reason }) => [field, { reason, of: values[field] }]),
      ),
    );
    const [first] = refused;
    if (first) fields[first.field].current?.focus();
    return first?.reason;
  };
  // One key per dialog: a retry of this submission can never create a second order.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const sendOption = findSendOption(draft.sendCurrency);
  const receiveOption = findReceiveOption(draft.receiveCurrency);
  const method = sendOption?.method ?? "upi";

  const onSubmit = () => {
    if (!offer.data || placeOrder.isPending) return;
    if (!transactionId.trim()) {
      toast.error(t("payment.errors.transactionIdTitle"), {
        description: t("payment.errors.transactionIdMessage"),
      });
      refuseFields([
        { field: "paymentReference", reason: t("payment.errors.transactionIdMessage") },
      ]);
      return;
    }
    const parsed = placeOrderInputSchema.safeParse({
      sendCurrency: draft.sendCurrency,
      receiveCurrency: draft.receiveCurrency,
      network: draft.network,
      amount: draft.amount,
      walletAddress: draft.walletAddress,
      paymentReference: transactionId,
      payerName,
      quotedRate: draft.rate,
      receivingOfferId: offer.data.offerId,
    });
    if (!parsed.success) {
      const refusals = parsed.error.issues.map((issue) => ({
        field: issue.path[0],
        reason: checkErrorText("fields", String(issue.path[0]), issue.message),
      }));
      const first = refuseFields(refusals) ?? refusals[0]?.reason;
      toast.error(t("payment.errors.orderFailedTitle"), { description: first });
      return;
    }
    placeOrder.mutate(
      { input: parsed.data, idempotencyKey },
      {
        onSuccess: (order) => {
          toast.success(t("payment.placedTitle"), { description: t("payment.placedMessage") });
          setTransactionId("");
          onClose();
          navigate(`/order/${order.id}`);
        },
        onError: (error) => {
          const isOverLimit = isLimitRefusal(error);
          toast.error(t("payment.errors.orderFailedTitle"), {
            description: isOverLimit ? limitRefusalText(error) : error.message,
          });
          if (isOverLimit) setLimitRefusal(error);
          if (error instanceof ApiError) {
            const field = error.code?.startsWith("PAYMENT_REFERENCE")
              ? "paymentReference"
              : error.details.field;
            refuseFields([{ field, reason: error.message }]);
          }
          // The customer's own order with this reference (sent again after a reload): go to it.
          if (error instanceof ApiError && error.code === "PAYMENT_OFFER_NOT_VALID")
            offer.refetch();
          const ownOrderId =
            error instanceof ApiError && error.code === "PAYMENT_REFERENCE_YOURS"
              ? error.details.orderId
              : undefined;
          if (typeof ownOrderId === "string") {
            onClose();
            navigate(`/order/${ownOrderId}`);
          }
        },
      },
    );
  };

  const submitOnEnter = onEnterInTextField(onSubmit);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel={t("dialog.close")}
        // Back to Place Order: the dialog is opened by code, so Radix has no trigger to return to.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t("payment.title")}</DialogTitle>
          <DialogDescription>{t("payment.description")}</DialogDescription>
        </DialogHeader>

        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-md bg-muted p-3 text-sm">
          <dt className="text-muted-foreground">{t("payment.youSend")}</dt>
          <dd className="text-right font-semibold">₹{formatAmount(draft.amount)}</dd>
          <dt className="text-muted-foreground">{t("payment.youReceive")}</dt>
          <dd className="text-right font-semibold">
            {draft.receiveAmount} {currencyShortName(receiveOption?.name ?? "")}
          </dd>
          <dt className="text-muted-foreground">{t("payment.rate")}</dt>
          <dd className="text-right">{t("payment.rateValue", { rate: draft.rate })}</dd>
          {draft.network && (
            <>
              <dt className="text-muted-foreground">{t("payment.network")}</dt>
              <dd className="text-right">{findNetwork(draft.network)?.name}</dd>
            </>
          )}
          <dt className="text-muted-foreground">{t("payment.wallet")}</dt>
          <dd className="text-right font-mono text-xs break-all">{draft.walletAddress}</dd>
        </dl>

        {offer.isPending || (offer.isError && offer.isFetching) ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            {t("payment.findingAccount")}
          </p>
        ) : offer.isError ? (
          <PaymentStepProblemBox
            problem={paymentStepProblem(offer.error)}
            error={offer.error}
            onRetry={() => offer.refetch()}
          />
        ) : offer.data.account.kind === "upi" ? (
          <UpiPayment account={offer.data.account} amount={draft.amount} />
        ) : (
          <BankPayment account={offer.data.account} method={method} />
        )}

        {/* Asked for once there is an account to pay into: with none, nothing to fill in. */}
        {offer.data && (
          <>
            <div className="space-y-2">
              <Label htmlFor="transaction-id">{t("payment.transactionId")}</Label>
              <Input
                id="transaction-id"
                ref={fields.paymentReference}
                required
                aria-invalid={refusalOf("paymentReference") !== undefined}
                aria-describedby={refusalOf("paymentReference") && "transaction-id-error"}
                autoComplete="off"
                inputMode={method === "upi" ? "numeric" : "text"}
                placeholder={
                  method === "upi"
                    ? t("payment.transactionIdPlaceholder")
                    : t("payment.transactionIdPlaceholderOther")
                }
                value={transactionId}
                onChange={(event) => setTransactionId(event.target.value)}
                onKeyDown={submitOnEnter}
              />
              <FieldRefusal id="transaction-id-error" reason={refusalOf("paymentReference")} />
            </div>

            <div className="space-y-2">
              <Label htmlFor="payer-name">{t("payment.payerName")}</Label>
              <Input
                id="payer-name"
                ref={fields.payerName}
                required
                autoComplete="name"
                aria-invalid={refusalOf("payerName") !== undefined}
                aria-describedby={
                  refusalOf("payerName") ? "payer-name-error payer-name-hint" : "payer-name-hint"
                }
                value={payerName}
                onChange={(event) => setPayerName(event.target.value)}
                onKeyDown={submitOnEnter}
              />
              <FieldRefusal id="payer-name-error" reason={refusalOf("payerName")} />
              <p id="payer-name-hint" className="text-xs text-muted-foreground">
                {t("payment.payerNameHint")}
              </p>
            </div>
          </>
        )}

        {limitRefusal && (
          <PaymentStepProblemBox problem="limit" error={limitRefusal} onRetry={onSubmit} />
        )}
        <Button
          size="lg"
          onClick={onSubmit}
          disabled={placeOrder.isPending || !offer.data}
          aria-describedby={offer.data ? undefined : SUBMIT_BLOCKED_REASON_ID}
        >
          {placeOrder.isPending && <Spinner />}
          {placeOrder.isPending ? t("payment.submitting") : t("payment.submit")}
        </Button>
        {!offer.data && (
          <SubmitBlockedReason
            problem={offer.isError && !offer.isFetching ? paymentStepProblem(offer.error) : null}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The payment step's fields a refusal can name, in the order they show. */
const PAYMENT_FIELDS = ["paymentReference", "payerName"] as const;
type PaymentField = (typeof PAYMENT_FIELDS)[number];

function FieldRefusal({ id, reason }: { id: string; reason: string | undefined }) {
  if (!reason) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {reason}
    </p>
  );
}

function DetailRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-2 border-b py-1.5 last:border-b-0">
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">{label}</p>
        <p className="font-mono text-sm font-medium break-all">{value}</p>
      </div>
      <CopyButton value={value} label={label} />
    </div>
  );
}

function PaymentBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 rounded-md border p-3">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

function UpiPayment({ account, amount }: { account: PaymentAccount; amount: string }) {
  const { t } = useTexts();
  const upiId = account.upiId ?? "";
  const link = buildUpiPayLink({ payeeVpa: upiId, payeeName: account.payeeName, amount });
  return (
    <PaymentBox title={t("payment.payUpi")}>
      {link && (
        <>
          <p className="text-xs text-muted-foreground">{t("payment.scanQr")}</p>
          <div className="flex justify-center">
            <div className="rounded-md bg-white p-3">
              <QRCodeSVG
                value={link}
                size={168}
                role="img"
                aria-label={t("payment.qrLabel", { amount, upiId })}
              />
            </div>
          </div>
          <Button asChild variant="outline" className="w-full sm:hidden">
            <a href={link}>{t("payment.openUpiApp")}</a>
          </Button>
        </>
      )}
      <DetailRow label={t("payment.upiId")} value={upiId} />
      <DetailRow label={t("payment.payeeName")} value={account.payeeName} />
    </PaymentBox>
  );
}

function BankPayment({ account, method }: { account: PaymentAccount; method: string }) {
  const { t } = useTexts();
  const title =
    method === "cash"
      ? t("payment.payCash")
      : method === "erupee"
        ? t("payment.payErupee")
        : t("payment.payBank");
  return (
    <PaymentBox title={title}>
      <DetailRow label={t("payment.bankName")} value={account.bankName ?? ""} />
      <DetailRow label={t("payment.accountHolderName")} value={account.accountHolderName ?? ""} />
      <DetailRow label={t("payment.accountNumber")} value={account.accountNumber ?? ""} />
      <DetailRow label={t("payment.ifscCode")} value={account.ifscCode ?? ""} />
    </PaymentBox>
  );
}
