import { Plus } from "lucide-react";
import { FormField } from "../../components/form/form-field";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { useTexts } from "../../i18n/use-texts";
import { AmountFields, PayoutFields } from "./place-order-fields";
import { usePlaceOrder } from "./use-place-order";

/*
 * 'Place a New Order': INR → USDT for an existing customer. The form checks that
 * every field is filled; the server checks the rest (the customer exists, amounts,
 * wallet for the network, reference) and its message is shown when it refuses.
 */
export function PlaceOrderDialog() {
  const { t } = useTexts();
  const { isOpen, setIsOpen, isPending, form, typed, onSubmit } = usePlaceOrder();
  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!isPending) setIsOpen(open);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden />
          {t("adminOrders.placeNew")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("dialog.close")}>
        <DialogHeader>
          <DialogTitle>{t("adminOrders.create.title")}</DialogTitle>
          <DialogDescription>{t("adminOrders.create.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField
            control={form.control}
            name="userEmail"
            type="email"
            label={t("adminOrders.create.email")}
            autoComplete="off"
            required
          />
          <AmountFields
            control={form.control}
            typed={typed}
            onUseQuote={(quote) => form.setValue("receiveAmount", quote, { shouldValidate: true })}
          />
          <PayoutFields control={form.control} networkName={typed.networkName} />
          <FormField
            control={form.control}
            name="paymentReference"
            label={t("adminOrders.create.reference")}
            autoComplete="off"
          />
          <FormField
            control={form.control}
            name="note"
            label={t("adminOrders.create.note")}
            autoComplete="off"
            maxLength={500}
          />
          <Button type="submit" size="lg" className="w-full" disabled={isPending}>
            {isPending && <Spinner />}
            {isPending ? t("adminOrders.create.submitting") : t("adminOrders.create.submit")}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
