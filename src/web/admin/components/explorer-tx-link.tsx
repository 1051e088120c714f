import { ExternalLink } from "lucide-react";
import { explorerTxUrl, type NetworkId } from "../../../shared/catalog";
import { useTexts } from "../../i18n/use-texts";

/** A long hash or address cut to its ends, whole in its title. */
export const shortened = (text: string) =>
  text.length > 18 ? `${text.slice(0, 8)}…${text.slice(-6)}` : text;

/** A transaction's hash, cut short, opening it on the network's block explorer (adminOrders texts). */
export function ExplorerTxLink({ network, txHash }: { network: NetworkId; txHash: string }) {
  const { t } = useTexts();
  return (
    <a
      href={explorerTxUrl(network, txHash)}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 font-mono text-xs hover:underline"
      title={txHash}
    >
      {shortened(txHash)}
      <ExternalLink aria-hidden className="size-3" />
      <span className="sr-only">{t("adminOrders.unmatched.onExplorer")}</span>
    </a>
  );
}
