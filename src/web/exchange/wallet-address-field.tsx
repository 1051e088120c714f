import type { ChangeEventHandler, Ref } from "react";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { useTexts } from "../i18n/use-texts";

/** Where the coins go: the address, labelled for the network (or the currency), and why it was refused. */
export function WalletAddressField({
  ref,
  walletAddress,
  onChange,
  error,
  networkName,
  receiveName,
}: {
  ref: Ref<HTMLInputElement>;
  walletAddress: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  error: string | undefined;
  /** The network's name when the currency needs one, else null. */
  networkName: string | null;
  receiveName: string;
}) {
  const { t } = useTexts();
  const label = networkName
    ? t("exchange.usdtAddressLabel", { network: networkName })
    : t("exchange.addressLabel", { currency: receiveName });
  const placeholder = networkName
    ? t("exchange.usdtAddressPlaceholder", { network: networkName })
    : t("exchange.addressPlaceholder", { currency: receiveName });
  return (
    <div className="space-y-2">
      <Label htmlFor="wallet-address">{label}</Label>
      <Input
        ref={ref}
        id="wallet-address"
        name="walletAddress"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={walletAddress}
        aria-invalid={error !== undefined}
        aria-describedby={error && "wallet-address-error"}
        onChange={onChange}
        // The address in the letters of one width; the hint in the page's own,
        // smaller: on a phone the spec's words ran past the field's edge.
        className="font-mono placeholder:font-sans placeholder:text-sm"
      />
      {error && (
        <p id="wallet-address-error" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
