import { QRCodeSVG } from "qrcode.react";
import { type ComponentProps, type ReactNode, type RefObject, useRef, useState } from "react";
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
  const { offer, isPlacing, payment, limitRefusal, submit } = useSubmitOrder(draft, onClose);
  const method = findSendOption(draft.sendCurrency)?.method ?? "upi";

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

        <OrderSummary draft={draft} />
        <WhereToPay offer={offer} amount={draft.amount} method={method} />

        {/* Asked for once there is an account to pay into: with none, nothing to fill in. */}
        {offer.data && <PaymentFields payment={payment} method={method} onSubmit={submit} />}

        {limitRefusal && (
          <PaymentStepProblemBox problem="limit" error={limitRefusal} onRetry={submit} />
        )}
        <Button
          size="lg"
          onClick={submit}
          disabled={isPlacing || !offer.data}
          aria-describedby={offer.data ? undefined : SUBMIT_BLOCKED_REASON_ID}
        >
          {isPlacing && <Spinner />}
          {isPlacing ? t("payment.submitting") : t("payment.submit")}
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

/**
 * Submit Order: the payment's fields checked here, then the order placed; a refusal is
 * told in a toast and stays under its field, a limit's with the way to verify.
 */
function useSubmitOrder(draft: OrderDraft, onClose: () => void) {
  const { t } = useTexts();
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder();
  const offer = usePaymentOffer(draft.sendCurrency, draft.amount, draft.network);
  const payment = usePaymentFields();
  // An order refused by the customer's limits: the reason stays, with the way to verify.
  const [limitRefusal, setLimitRefusal] = useState<Error | null>(null);
  // One key per dialog: a retry of this submission can never create a second order.
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const goToOrder = (orderId: string) => {
    onClose();
    navigate(`/order/${orderId}`);
  };

  const onRefused = (error: Error) => {
    const isOverLimit = isLimitRefusal(error);
    toast.error(t("payment.errors.orderFailedTitle"), {
      description: isOverLimit ? limitRefusalText(error) : error.message,
    });
    if (isOverLimit) setLimitRefusal(error);
    if (!(error instanceof ApiError)) return;
    const field = error.code?.startsWith("PAYMENT_REFERENCE")
      ? "paymentReference"
      : error.details.field;
    payment.refuseFields([{ field, reason: error.message }]);
    if (error.code === "PAYMENT_OFFER_NOT_VALID") offer.refetch();
    // The customer's own order with this reference (sent again after a reload): go to it.
    const ownOrderId = error.code === "PAYMENT_REFERENCE_YOURS" ? error.details.orderId : undefined;
    if (typeof ownOrderId === "string") goToOrder(ownOrderId);
  };

  const submit = () => {
    if (!offer.data || placeOrder.isPending) return;
    const { values } = payment;
    if (!values.paymentReference.trim()) {
      toast.error(t("payment.errors.transactionIdTitle"), {
        description: t("payment.errors.transactionIdMessage"),
      });
      payment.refuseFields([
        { field: "paymentReference", reason: t("payment.errors.transactionIdMessage") },
      ]);
      return;
    }
    const parsed = checkOrder(draft, values, offer.data.offerId);
    if (!parsed.success) {
      const refusals = parsed.error.issues.map((issue) => ({
        field: issue.path[0],
        reason: checkErrorText("fields", String(issue.path[0]), issue.message),
      }));
      const first = payment.refuseFields(refusals) ?? refusals[0]?.reason;
      toast.error(t("payment.errors.orderFailedTitle"), { description: first });
      return;
    }
    placeOrder.mutate(
      { input: parsed.data, idempotencyKey },
      {
        onSuccess: (order) => {
          toast.success(t("payment.placedTitle"), { description: t("payment.placedMessage") });
          payment.setValue("paymentReference", "");
          goToOrder(order.id);
        },
        onError: onRefused,
      },
    );
  };

  return { offer, isPlacing: placeOrder.isPending, payment, limitRefusal, submit };
}

/** The order as the server takes it: the draft, the payment's fields and the account offered. */
function checkOrder(draft: OrderDraft, values: Record<PaymentField, string>, offerId: string) {
  return placeOrderInputSchema.safeParse({
    sendCurrency: draft.sendCurrency,
    receiveCurrency: draft.receiveCurrency,
    network: draft.network,
    amount: draft.amount,
    walletAddress: draft.walletAddress,
    ...values,
    quotedRate: draft.rate,
    receivingOfferId: offerId,
  });
}

/** The payment step's fields a refusal can name, in the order they show. */
const PAYMENT_FIELDS = ["paymentReference", "payerName"] as const;
type PaymentField = (typeof PAYMENT_FIELDS)[number];

/** The payment's fields: what they hold, and why each was refused, shown under it until it changes. */
function usePaymentFields() {
  const [values, setValues] = useState<Record<PaymentField, string>>({
    paymentReference: "",
    payerName: "",
  });
  const [refusals, setRefusals] = useState<
    Partial<Record<PaymentField, { reason: string; of: string }>>
  >({});
  const refs = {
    paymentReference: useRef<HTMLInputElement>(null),
    payerName: useRef<HTMLInputElement>(null),
  };
  return {
    values,
    refs,
    setValue: (field: PaymentField, value: string) =>
      setValues((before) => ({ ...before, [field]: value })),
    refusalOf: (field: PaymentField) => {
      const refusal = refusals[field];
      return refusal?.of === values[field] ? refusal.reason : undefined;
    },
    /**
     * Each refused field keeps its reason after the toast is gone; the first, in the
     * order they show, takes the keyboard and is the one the toast names.
     */
    refuseFields: (candidates: { field: unknown; reason: string }[]): string | undefined => {
      const refused = PAYMENT_FIELDS.flatMap((field) => {
        const refusal = candidates.find((candidate) => candidate.field === field);
        return refusal ? [{ field, reason: refusal.reason }] : [];
      });
      setRefusals(
        Object.fromEntries(
          refused.map(({ field, reason }) => [field, { reason, of: values[field] }]),
        ),
      );
      const [first] = refused;
      if (first) refs[first.field].current?.focus();
      return first?.reason;
    },
  };
}

type PaymentFieldsState = ReturnType<typeof usePaymentFields>;

/** What the customer is about to order, as the exchange form left it. */
function OrderSummary({ draft }: { draft: OrderDraft }) {
  const { t } = useTexts();
  const receiveName = findReceiveOption(draft.receiveCurrency)?.name ?? "";
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-md bg-muted p-3 text-sm">
      <dt className="text-muted-foreground">{t("payment.youSend")}</dt>
      <dd className="text-right font-semibold">₹{formatAmount(draft.amount)}</dd>
      <dt className="text-muted-foreground">{t("payment.youReceive")}</dt>
      <dd className="text-right font-semibold">
        {draft.receiveAmount} {currencyShortName(receiveName)}
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
  );
}

/** The account to pay into, while it is found, or why there is none. */
function WhereToPay({
  offer,
  amount,
  method,
}: {
  offer: ReturnType<typeof usePaymentOffer>;
  amount: string;
  method: string;
}) {
  const { t } = useTexts();
  if (offer.isPending || (offer.isError && offer.isFetching)) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t("payment.findingAccount")}
      </p>
    );
  }
  if (offer.isError) {
    return (
      <PaymentStepProblemBox
        problem={paymentStepProblem(offer.error)}
        error={offer.error}
        onRetry={() => offer.refetch()}
      />
    );
  }
  if (offer.data.account.kind === "upi") {
    return <UpiPayment account={offer.data.account} amount={amount} />;
  }
  return <BankPayment account={offer.data.account} method={method} />;
}

/** The payment's transaction ID and the payer's name; Enter in either submits. */
function PaymentFields({
  payment,
  method,
  onSubmit,
}: {
  payment: PaymentFieldsState;
  method: string;
  onSubmit: () => void;
}) {
  const { t } = useTexts();
  const submitOnEnter = onEnterInTextField(onSubmit);
  return (
    <>
      <PaymentInput
        payment={payment}
        field="paymentReference"
        id="transaction-id"
        label={t("payment.transactionId")}
        autoComplete="off"
        inputMode={method === "upi" ? "numeric" : "text"}
        placeholder={
          method === "upi"
            ? t("payment.transactionIdPlaceholder")
            : t("payment.transactionIdPlaceholderOther")
        }
        onKeyDown={submitOnEnter}
      />
      <PaymentInput
        payment={payment}
        field="payerName"
        id="payer-name"
        label={t("payment.payerName")}
        hint={t("payment.payerNameHint")}
        autoComplete="name"
        onKeyDown={submitOnEnter}
      />
    </>
  );
}

/** One payment field: its label, the reason it was refused (until it changes), and its hint. */
function PaymentInput({
  payment,
  field,
  id,
  label,
  hint,
  ...input
}: {
  payment: PaymentFieldsState;
  field: PaymentField;
  id: string;
  label: string;
  hint?: string;
} & ComponentProps<"input">) {
  const refusal = payment.refusalOf(field);
  const describedBy = [refusal && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ");
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        ref={payment.refs[field]}
        required
        aria-invalid={refusal !== undefined}
        aria-describedby={describedBy || undefined}
        value={payment.values[field]}
        onChange={(event) => payment.setValue(field, event.target.value)}
        {...input}
      />
      {refusal ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {refusal}
        </p>
      ) : null}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
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
