import { useMutation, useQueryClient } from "@tanstack/react-query";
import { OctagonX, Play } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import type { AutopilotNetworkInput } from "../../../shared/autopilot-policy-input";
import { NETWORKS, type NetworkId } from "../../../shared/catalog";
import { FEE_COIN } from "../../../shared/fee-coins";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { Switch } from "../../components/ui/switch";
import { useTexts } from "../../i18n/use-texts";
import { ApiError, unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";
import { SaveButton } from "./save-button";
import { SavedGroupCard } from "./saved-group-card";

const autopilotKey = ["admin", "settings", "autopilot"] as const;
const autopilot = api.api.admin.settings.autopilot;

const readPolicy = async () => unwrap(await autopilot.$get());
/** The limits and the switch, as the server answers them. */
type AutopilotPolicy = Awaited<ReturnType<typeof readPolicy>>;

/** The networks the payout signer pays on today: the EVM chains. */
const SIGNED_NETWORKS = NETWORKS.filter((network) => network.family === "evm");

/** Settings → Autopilot: per network, whether the desk sends by itself and its most; and the one switch. */
export function AutopilotCard() {
  const { t } = useTexts();
  return (
    <SavedGroupCard
      title={t("adminSettings.autopilot.title")}
      description={t("adminSettings.autopilot.description")}
      queryKey={autopilotKey}
      read={readPolicy}
      form={(saved) => <AutopilotForms saved={saved} />}
    />
  );
}

function useSavedPolicy() {
  const queryClient = useQueryClient();
  return (next: AutopilotPolicy) => {
    queryClient.setQueryData(autopilotKey, next);
    return queryClient.invalidateQueries({ queryKey: ["admin", "audit"] });
  };
}

function AutopilotForms({ saved }: { saved: AutopilotPolicy }) {
  const { t } = useTexts();
  const onSaved = useSavedPolicy();
  const flip = useMutation({
    mutationFn: async (stop: boolean) =>
      unwrap(await (stop ? api.api.admin.autopilot.stop : api.api.admin.autopilot.resume).$post()),
    onSuccess: onSaved,
    onError: (error) =>
      toast.error(t("adminSettings.autopilot.failed"), { description: error.message }),
  });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-3">
        <p className="flex items-center gap-2 text-sm">
          {saved.stopped ? (
            <Badge variant="destructive">{t("adminSettings.autopilot.stopped")}</Badge>
          ) : (
            <Badge variant="success">{t("adminSettings.autopilot.running")}</Badge>
          )}
          {t(
            saved.stopped
              ? "adminSettings.autopilot.stoppedHint"
              : "adminSettings.autopilot.runningHint",
          )}
        </p>
        {saved.stoppedReason && (
          <p className="basis-full text-sm text-destructive">
            {t("adminSettings.autopilot.stoppedItself", { reason: saved.stoppedReason })}
          </p>
        )}
        <Button
          type="button"
          variant={saved.stopped ? "outline" : "destructive"}
          disabled={flip.isPending}
          onClick={() => flip.mutate(!saved.stopped)}
        >
          {flip.isPending ? (
            <Spinner />
          ) : saved.stopped ? (
            <Play aria-hidden />
          ) : (
            <OctagonX aria-hidden />
          )}
          {t(saved.stopped ? "adminSettings.autopilot.resume" : "adminSettings.autopilot.stop")}
        </Button>
      </div>
      {SIGNED_NETWORKS.map(({ id, name }) => {
        const limits = saved.networks.find((row) => row.network === id);
        return limits ? (
          <NetworkLimitsForm key={id} network={id} name={name} saved={limits} />
        ) : null;
      })}
    </div>
  );
}

type LimitField = keyof AutopilotNetworkInput;
type FigureField = Exclude<LimitField, "enabled" | "approveFirstOrder">;

const FIGURES: FigureField[] = [
  "maxPayoutUsdt",
  "maxDayUsdt",
  "approveAboveUsdt",
  "secondApprovalAboveUsdt",
  "maxFeePerPayout",
  "hotWalletCeilingUsdt",
];

/** One network's autopilot: on or off, its limits, and whether a first order waits for an approval. */
function NetworkLimitsForm({
  network,
  name,
  saved,
}: {
  network: NetworkId;
  name: string;
  saved: AutopilotNetworkInput;
}) {
  const { t } = useTexts();
  const { limits, setLimits, invalid, onSubmit, isSaving } = useNetworkLimits(network, name, saved);
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={name}
      className="space-y-3 border-b pb-4 last:border-b-0"
    >
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={`autopilot-${network}-enabled`}>
          {t("adminSettings.autopilot.enabled", { network: name })}
        </Label>
        <Switch
          id={`autopilot-${network}-enabled`}
          checked={limits.enabled}
          onCheckedChange={(checked) => setLimits({ ...limits, enabled: checked })}
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {FIGURES.map((field) => (
          <LimitFigure
            key={field}
            network={network}
            field={field}
            value={limits[field]}
            onChange={(value) => setLimits({ ...limits, [field]: value })}
            error={invalid?.field === field ? invalid.message : undefined}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Switch
            id={`autopilot-${network}-approveFirstOrder`}
            checked={limits.approveFirstOrder}
            onCheckedChange={(checked) => setLimits({ ...limits, approveFirstOrder: checked })}
          />
          <Label htmlFor={`autopilot-${network}-approveFirstOrder`}>
            {t("adminSettings.autopilot.approveFirstOrder")}
          </Label>
        </div>
        <SaveButton isSaving={isSaving}>
          {t("adminSettings.autopilot.save", { network: name })}
        </SaveButton>
      </div>
    </form>
  );
}

/** A network's limits as typed, and their save: the server's refusal shows under its figure. */
function useNetworkLimits(network: NetworkId, name: string, saved: AutopilotNetworkInput) {
  const { t } = useTexts();
  const onSaved = useSavedPolicy();
  const [limits, setLimits] = useState(saved);
  const [invalid, setInvalid] = useState<{ field: LimitField; message: string } | null>(null);
  const save = useMutation({
    mutationFn: async (json: AutopilotNetworkInput) => {
      const response = await autopilot[":network"].$put({ param: { network }, json });
      if (response.status === 400) {
        const body = await response.json();
        setInvalid({ field: body.field as LimitField, message: body.error });
        throw new ApiError(body.error, 400, "INVALID_INPUT");
      }
      return unwrap(response);
    },
    onSuccess: onSaved,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setInvalid(null);
    save.mutate(limits, {
      onSuccess: () => toast.success(t("adminSettings.autopilot.saved", { network: name })),
      onError: (error) =>
        toast.error(t("adminSettings.autopilot.failed"), { description: error.message }),
    });
  };
  return { limits, setLimits, invalid, onSubmit, isSaving: save.isPending };
}

/** One of a network's limits (its fee coin's for the fee), with the server's refusal of it. */
function LimitFigure({
  network,
  field,
  value,
  onChange,
  error,
}: {
  network: NetworkId;
  field: FigureField;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTexts();
  const id = `autopilot-${network}-${field}`;
  return (
    <div className="w-48 space-y-1">
      <Label htmlFor={id}>
        {t(`adminSettings.autopilot.${field}`, { coin: FEE_COIN[network] })}
      </Label>
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
