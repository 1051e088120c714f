import type { ChangeEventHandler } from "react";
import { NETWORKS, type NetworkId } from "../../shared/catalog";
import { Label } from "../components/ui/label";
import { CatalogOptions, NativeSelect } from "../components/ui/native-select";
import { useTexts } from "../i18n/use-texts";

/** The chain to receive on, and the desk's notice when it pays out on it no more for now. */
export function NetworkField({
  network,
  networkName,
  isPaused,
  onChange,
}: {
  network: NetworkId;
  networkName: string;
  isPaused: boolean;
  onChange: ChangeEventHandler<HTMLSelectElement>;
}) {
  const { t } = useTexts();
  return (
    <div className="space-y-2">
      <Label htmlFor="network">{t("exchange.selectNetwork")}</Label>
      <NativeSelect id="network" name="network" value={network} onChange={onChange}>
        <CatalogOptions options={NETWORKS} />
      </NativeSelect>
      {isPaused && (
        <div
          role="alert"
          data-testid="network-paused"
          className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm"
        >
          <p className="font-semibold">
            {t("exchange.networkPausedTitle", { network: networkName })}
          </p>
          <p>{t("exchange.networkPausedMessage", { network: networkName })}</p>
        </div>
      )}
    </div>
  );
}
