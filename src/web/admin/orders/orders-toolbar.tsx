import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ORDER_STATUSES } from "../../../shared/admin-order-input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Switch } from "../../components/ui/switch";
import { useTexts } from "../../i18n/use-texts";
import { SEARCH_DELAY_MS, SearchField } from "../components/search-field";
import { receivingAccountsQueryOptions } from "../lib/receiving-accounts-api";
import type { OrderFilter } from "./admin-orders-api";
import { parseStatus } from "./order-address-params";

/** The queue's filters: status, receiving account, oldest first and the search, all in the address. */
export function OrdersToolbar({
  filter,
  updateFilter,
}: {
  filter: OrderFilter;
  updateFilter: (change: Partial<OrderFilter>) => void;
}) {
  const { t } = useTexts();
  const [searchText, setSearchText] = useState(filter.search);
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const onSearchChange = (value: string) => {
    setSearchText(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => updateFilter({ search: value.trim() }), SEARCH_DELAY_MS);
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="space-y-1.5 sm:w-48">
        <Label htmlFor="order-status-filter">{t("adminOrders.statusFilter")}</Label>
        <NativeSelect
          id="order-status-filter"
          value={filter.status ?? ""}
          onChange={(event) => updateFilter({ status: parseStatus(event.target.value) })}
        >
          <option value="">{t("adminOrders.status.all")}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`adminOrders.status.${status}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <AccountFilter
        value={filter.account ?? ""}
        onChange={(account) => updateFilter({ account })}
      />
      <div className="flex items-center gap-2 pb-2">
        <Switch
          id="order-oldest-first"
          checked={Boolean(filter.oldestFirst) && !filter.search}
          disabled={Boolean(filter.search)}
          onCheckedChange={(checked) => updateFilter({ oldestFirst: checked })}
        />
        <Label htmlFor="order-oldest-first" title={t("adminOrders.oldestFirstHint")}>
          {t("adminOrders.oldestFirst")}
        </Label>
      </div>
      <SearchField
        id="order-search"
        label={t("adminOrders.searchLabel")}
        className="flex-1 sm:max-w-md"
        placeholder={t("adminOrders.searchPlaceholder")}
        value={searchText}
        onChange={(event) => onSearchChange(event.target.value)}
        maxLength={200}
      />
    </div>
  );
}

/** Orders paid into one receiving account; retired accounts stay in the list for their orders. */
function AccountFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTexts();
  const accounts = useQuery(receivingAccountsQueryOptions).data?.accounts ?? [];
  return (
    <div className="space-y-1.5 sm:w-56">
      <Label htmlFor="order-account-filter">{t("adminOrders.accountFilter")}</Label>
      <NativeSelect
        id="order-account-filter"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t("adminOrders.allAccounts")}</option>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.retiredAt
              ? t("adminOrders.retiredAccount", { label: account.label })
              : account.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
