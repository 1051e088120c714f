import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Save } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { toast } from "sonner";
import type { HoldRulesInput } from "../../../shared/hold-rules-input";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { Switch } from "../../components/ui/switch";
import { useTexts } from "../../i18n/use-texts";
import { unwrap } from "../../lib/api-answers";
import { api } from "../../lib/api-client";
import { SavedGroupCard } from "./saved-group-card";

const holdRulesKey = ["admin", "settings", "hold-rules"] as const;
const holdRules = api.api.admin.settings["hold-rules"];

/** The rules that hold an order for an operator's look, each on or off (saved on its own, audited). */
export function HoldRulesCard() {
  const { t } = useTexts();
  return (
    <SavedGroupCard
      title={t("adminSettings.holds.title")}
      description={t("adminSettings.holds.description")}
      queryKey={holdRulesKey}
      read={async () => unwrap(await holdRules.$get())}
      form={(saved) => <HoldRulesForm saved={saved} />}
    />
  );
}

type SwitchField = "holdFirstOrder" | "holdNewPayerName" | "holdSharedWallet" | "holdOrderRate";

function HoldRulesForm({ saved }: { saved: HoldRulesInput }) {
  const { t } = useTexts();
  const queryClient = useQueryClient();
  const [rules, setRules] = useState(saved);
  const [perHour, setPerHour] = useState(String(saved.holdOrdersPerHour));
  const save = useMutation({
    mutationFn: async (json: HoldRulesInput) => unwrap(await holdRules.$put({ json })),
    onSuccess: (next) => {
      queryClient.setQueryData(holdRulesKey, next);
      return queryClient.invalidateQueries({ queryKey: ["admin", "audit"] });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      // The server says what is wrong with a figure that is not a whole number.
      { ...rules, holdOrdersPerHour: /^\d+$/.test(perHour.trim()) ? Number(perHour) : -1 },
      {
        onSuccess: () => toast.success(t("adminSettings.holds.saved")),
        onError: (error) =>
          toast.error(t("adminSettings.holds.failed"), { description: error.message }),
      },
    );
  };
  const toggle = (name: SwitchField, figure?: ReactNode) => (
    <div className="flex items-start justify-between gap-4 border-b py-3 last:border-b-0">
      <div className="min-w-0 space-y-2">
        <Label htmlFor={`hold-${name}`}>{t(`adminSettings.holds.${name}`)}</Label>
        <p className="text-xs text-muted-foreground">{t(`adminSettings.holds.${name}Hint`)}</p>
        {figure}
      </div>
      <Switch
        id={`hold-${name}`}
        checked={rules[name]}
        onCheckedChange={(checked) => setRules({ ...rules, [name]: checked })}
      />
    </div>
  );
  return (
    <form onSubmit={onSubmit} className="space-y-3">
      {toggle(
        "holdFirstOrder",
        <Figure
          id="hold-first-order-above"
          label={t("adminSettings.holds.aboveInr")}
          inputMode="decimal"
          value={rules.holdFirstOrderAboveInr}
          onChange={(value) => setRules({ ...rules, holdFirstOrderAboveInr: value })}
        />,
      )}
      {toggle("holdNewPayerName")}
      {toggle("holdSharedWallet")}
      {toggle(
        "holdOrderRate",
        <Figure
          id="hold-orders-per-hour"
          label={t("adminSettings.holds.perHour")}
          inputMode="numeric"
          value={perHour}
          onChange={setPerHour}
        />,
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : <Save aria-hidden />}
          {t("adminSettings.holds.save")}
        </Button>
      </div>
    </form>
  );
}

/** A rule's figure, under its switch. */
function Figure({
  id,
  label,
  inputMode,
  value,
  onChange,
}: {
  id: string;
  label: string;
  inputMode: "decimal" | "numeric";
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="max-w-48 space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode={inputMode}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
