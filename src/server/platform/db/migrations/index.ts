import type { Migration } from "kysely";
import * as exchange from "./0001-exchange";
import * as admin from "./0002-admin";
import * as usersRecent from "./0003-users-recent";
import * as adminOrders from "./0004-admin-orders";
import * as notificationOutbox from "./0010-notification-outbox";
import * as orderTotals from "./0011-order-totals";
import * as customerEmailSearch from "./0012-customer-email-search";
import * as payoutHashLookup from "./0013-payout-hash-lookup";
import * as orderRateWindows from "./0014-order-rate-windows";
import * as stepUpTotpCodes from "./0015-step-up-totp-codes";
import * as stepUpAttempts from "./0016-step-up-attempts";
import * as orderPayerName from "./0017-order-payer-name";
import * as paymentReferencePrefix from "./0018-payment-reference-prefix";
import * as receivingAccounts from "./0020-receiving-accounts";
import * as receivingAccountRules from "./0021-receiving-account-rules";
import * as receivingAccountUnique from "./0022-receiving-account-unique";
import * as receivingAccountDayTotals from "./0023-receiving-account-day-totals";
import * as payoutChecks from "./0030-payout-checks";
import * as statementLines from "./0040-statement-lines";
import * as statementLinesByReference from "./0041-statement-lines-by-reference";
import * as statementLineImportAndAccount from "./0042-statement-line-import-and-account";
import * as payerNamePartsInPlpgsql from "./0043-payer-name-parts-in-plpgsql";
import * as statementLinesByLineKey from "./0044-statement-lines-by-line-key";
import * as backups from "./0050-backups";
import * as offerHolds from "./0060-offer-holds";
import * as blocklist from "./0061-blocklist";
import * as customerVerifications from "./0070-customer-verifications";
import * as verificationSubmissions from "./0071-verification-submissions";
import * as orderLimits from "./0075-order-limits";
import * as treasury from "./0080-treasury";
import * as usdtPurchases from "./0085-usdt-purchases";
import * as payoutFees from "./0086-payout-fees";
import * as holds from "./0090-holds";
import * as customerFile from "./0095-customer-file";
import * as retention from "./0096-retention";
import * as holdCountsOnTheClaimedRow from "./0097-hold-counts-on-the-claimed-row";
import * as verificationAttemptWindows from "./0098-verification-attempt-windows";
import * as offersReserveNetworkUsdt from "./0099-offers-reserve-network-usdt";
import * as verifyAboveYearTotal from "./0100-verify-above-year-total";
import * as frozenReceivingAccounts from "./0101-frozen-receiving-accounts";
import * as suspicionReports from "./0102-suspicion-reports";
import * as signIns from "./0103-sign-ins";
import * as holdRuleNamesFromCode from "./0104-hold-rule-names-from-code";
import * as chainTransfers from "./0105-chain-transfers";
import * as chainTransfersDismissed from "./0106-chain-transfers-dismissed";
import * as solanaSignatureCursors from "./0107-solana-signature-cursors";
import * as purchasesFromTopUps from "./0108-purchases-from-top-ups";
import * as watcherLagAndAlerts from "./0109-watcher-lag-and-alerts";
import * as payoutQueueLookups from "./0110-payout-queue-lookups";
import * as buyingSettings from "./0112-buying-settings";
import * as payoutDestinations from "./0113-payout-destinations";
import * as tronIndexCursor from "./0114-tron-index-cursor";
import * as sellOrders from "./0115-sell-orders";
import * as sellDeposits from "./0116-sell-deposits";
import * as statementDebitsAndSalesInBooks from "./0118-statement-debits-and-sales-in-books";
import * as salePlacementCounts from "./0119-sale-placement-counts";
import * as payoutDestinationBlocklistKeys from "./0120-payout-destination-blocklist-keys";
import * as failedDepositsIgnored from "./0121-failed-deposits-ignored";
import * as saleTotalsByHour from "./0122-sale-totals-by-hour";
import * as transfersAbsentReads from "./0123-transfers-absent-reads";
import * as saleDepositQuarantine from "./0124-sale-deposit-quarantine";
import * as chainTransferLinks from "./0125-chain-transfer-links";
import * as secondPayouts from "./0129-second-payouts";
import * as autopilotSends from "./0130-autopilot-sends";
import * as autopilotPolicy from "./0131-autopilot-policy";
import * as autopilotSigner from "./0132-autopilot-signer";
import * as autopilotApprovals from "./0133-autopilot-approvals";
import * as autopilotFeeCap from "./0134-autopilot-fee-cap";
import * as autopilotShortfalls from "./0135-autopilot-shortfalls";
import * as autopilotAlerts from "./0136-autopilot-alerts";
import * as autopilotHotWallet from "./0137-autopilot-hot-wallet";
import * as autopilotReplacedSends from "./0138-autopilot-replaced-sends";
import * as autopilotSendsWithoutNonces from "./0139-autopilot-sends-without-nonces";
import * as tdsSettings from "./0140-tds-settings";
import * as saleTds from "./0141-sale-tds";
import * as tdsChallans from "./0142-tds-challans";

/**
 * The project's own migrations, in order. better-auth's tables are created
 * before these run (see migrate.ts), so these may reference "user"(id).
 */
export const migrations: Record<string, Migration> = {
  "0001-exchange": exchange,
  "0002-admin": admin,
  "0003-users-recent": usersRecent,
  "0004-admin-orders": adminOrders,
  "0010-notification-outbox": notificationOutbox,
  "0011-order-totals": orderTotals,
  "0012-customer-email-search": customerEmailSearch,
  "0013-payout-hash-lookup": payoutHashLookup,
  "0014-order-rate-windows": orderRateWindows,
  "0015-step-up-totp-codes": stepUpTotpCodes,
  "0016-step-up-attempts": stepUpAttempts,
  "0017-order-payer-name": orderPayerName,
  "0018-payment-reference-prefix": paymentReferencePrefix,
  "0020-receiving-accounts": receivingAccounts,
  "0021-receiving-account-rules": receivingAccountRules,
  "0022-receiving-account-unique": receivingAccountUnique,
  "0023-receiving-account-day-totals": receivingAccountDayTotals,
  "0030-payout-checks": payoutChecks,
  "0040-statement-lines": statementLines,
  "0041-statement-lines-by-reference": statementLinesByReference,
  "0042-statement-line-import-and-account": statementLineImportAndAccount,
  "0043-payer-name-parts-in-plpgsql": payerNamePartsInPlpgsql,
  "0044-statement-lines-by-line-key": statementLinesByLineKey,
  "0050-backups": backups,
  "0060-offer-holds": offerHolds,
  "0061-blocklist": blocklist,
  "0070-customer-verifications": customerVerifications,
  "0080-treasury": treasury,
  "0075-order-limits": orderLimits,
  "0085-usdt-purchases": usdtPurchases,
  "0086-payout-fees": payoutFees,
  "0090-holds": holds,
  "0095-customer-file": customerFile,
  "0096-retention": retention,
  "0097-hold-counts-on-the-claimed-row": holdCountsOnTheClaimedRow,
  "0071-verification-submissions": verificationSubmissions,
  "0098-verification-attempt-windows": verificationAttemptWindows,
  "0099-offers-reserve-network-usdt": offersReserveNetworkUsdt,
  "0100-verify-above-year-total": verifyAboveYearTotal,
  "0101-frozen-receiving-accounts": frozenReceivingAccounts,
  "0102-suspicion-reports": suspicionReports,
  "0103-sign-ins": signIns,
  "0104-hold-rule-names-from-code": holdRuleNamesFromCode,
  "0105-chain-transfers": chainTransfers,
  "0106-chain-transfers-dismissed": chainTransfersDismissed,
  "0107-solana-signature-cursors": solanaSignatureCursors,
  "0108-purchases-from-top-ups": purchasesFromTopUps,
  "0109-watcher-lag-and-alerts": watcherLagAndAlerts,
  "0110-payout-queue-lookups": payoutQueueLookups,
  "0112-buying-settings": buyingSettings,
  "0113-payout-destinations": payoutDestinations,
  "0114-tron-index-cursor": tronIndexCursor,
  "0115-sell-orders": sellOrders,
  "0116-sell-deposits": sellDeposits,
  "0118-statement-debits-and-sales-in-books": statementDebitsAndSalesInBooks,
  "0119-sale-placement-counts": salePlacementCounts,
  "0120-payout-destination-blocklist-keys": payoutDestinationBlocklistKeys,
  "0121-failed-deposits-ignored": failedDepositsIgnored,
  "0122-sale-totals-by-hour": saleTotalsByHour,
  "0123-transfers-absent-reads": transfersAbsentReads,
  "0124-sale-deposit-quarantine": saleDepositQuarantine,
  "0125-chain-transfer-links": chainTransferLinks,
  "0129-second-payouts": secondPayouts,
  "0130-autopilot-sends": autopilotSends,
  "0131-autopilot-policy": autopilotPolicy,
  "0132-autopilot-signer": autopilotSigner,
  "0133-autopilot-approvals": autopilotApprovals,
  "0134-autopilot-fee-cap": autopilotFeeCap,
  "0135-autopilot-shortfalls": autopilotShortfalls,
  "0136-autopilot-alerts": autopilotAlerts,
  "0137-autopilot-hot-wallet": autopilotHotWallet,
  "0138-autopilot-replaced-sends": autopilotReplacedSends,
  "0139-autopilot-sends-without-nonces": autopilotSendsWithoutNonces,
  "0140-tds-settings": tdsSettings,
  "0141-sale-tds": saleTds,
  "0142-tds-challans": tdsChallans,
};
