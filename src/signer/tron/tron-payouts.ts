import type { Kysely } from "kysely";
import { z } from "zod";
import {
  ChainEndpointError,
  formatBaseUnits,
  postJson,
} from "../../server/domains/chain/chain-answer";
import { tronAddressToEvent } from "../../server/domains/chain/tron-client";
import type { ChainEndpoint } from "../../server/platform/config/chain-config";
import type { DB } from "../../server/platform/db/schema";
import { FEE_COIN } from "../../shared/fee-coins";
import { keepSend, keptSendOf } from "../kept-sends";
import { lockOrderToPay, refuseUnpayable, usdtBaseUnits } from "../order-to-pay";
import { refuseBeyondPolicy } from "../payout-policy";
import { refuseUnaffordable } from "../sends-without-nonces";
import type { TronAccount } from "./hsm-tron-account";
import { checkTronPayout, signedTronTransaction, transferCallData } from "./tron-transaction";

/**
 * Paying a verified order's USDT on TRON, once (decisions 057, 058). A node builds the
 * transaction; the signer reads its bytes against the payout (tron-transaction.ts),
 * signs its txID in the HSM, and keeps it with its expiration before it is broadcast.
 * TRON has no nonce: the order is signed for again only once its transaction lapsed,
 * expired at the solidified head in no block (tron-settlement.ts).
 */

/** The TRON chain the signer pays on: its full node (its /walletsolidity view too) and USDT. */
export type TronPayoutChain = {
  network: "trc20";
  endpoint: ChainEndpoint;
  /** Base58, as the settings write it. */
  token: string;
  decimals: number;
};

/**
 * The most a TRON payout may burn, its fee limit, in sun. A USDT transfer burns 65,000
 * energy to a wallet that holds USDT and 130,000 to one that never did: at 210 sun an
 * energy, 13.7 and 27.3 TRX.
 */
export const TRON_FEE_LIMIT_SUN = 30_000_000n;
const TRX_DECIMALS = 6;

const tronHexOf = (address: string) => `41${tronAddressToEvent(address)}`;

const builtSchema = z.object({
  result: z.object({ result: z.boolean().optional(), message: z.string().optional() }).optional(),
  transaction: z.object({ raw_data_hex: z.string() }).optional(),
});

/** java-tron writes its messages in hex. */
export function nodeMessage(message: string | undefined) {
  if (!message) return "no reason given";
  return /^([0-9a-fA-F]{2})+$/.test(message)
    ? Buffer.from(message, "hex").toString("utf8")
    : message;
}

/**
 * Signs the payout of `orderId` and keeps it, or answers what is kept already; an order
 * whose transaction lapsed is signed for again, its lapsed transaction kept as one
 * replaced. Refuses what payout-policy.ts and order-to-pay.ts refuse, and a node's
 * transaction that is not the payout (nothing is signed then).
 */
export async function signTronPayout(
  db: Kysely<DB>,
  chain: TronPayoutChain,
  account: TronAccount,
  orderId: string,
) {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrderToPay(trx, orderId);
    const kept = await keptSendOf(trx, orderId);
    if (kept && kept.lapsed_at === null) return { txHash: kept.tx_hash, signedTx: kept.signed_tx };
    await refuseUnpayable(trx, chain.network, order);
    const feeLimit = formatBaseUnits(TRON_FEE_LIMIT_SUN, TRX_DECIMALS);
    await refuseBeyondPolicy(trx, {
      orderId,
      customerId: order.user_id,
      network: chain.network,
      walletAddress: order.wallet_address,
      amountUsdt: order.receive_amount,
      mostFee: feeLimit,
      feeCoin: FEE_COIN.trc20,
    });
    const amount = usdtBaseUnits(order.receive_amount, chain.decimals);
    const balances = await tronBalances(chain, account);
    await refuseUnaffordable(trx, {
      network: chain.network,
      orderId,
      wallet: { usdt: balances.usdt, coin: balances.trx },
      usdt: { amount, decimals: chain.decimals },
      fee: { most: TRON_FEE_LIMIT_SUN, decimals: TRX_DECIMALS, coin: FEE_COIN.trc20 },
    });
    const payout = {
      owner: account.hexAddress,
      token: tronHexOf(chain.token),
      recipient: tronHexOf(order.wallet_address),
      amount,
      feeLimitSun: TRON_FEE_LIMIT_SUN,
    };
    const built = await buildOnNode(chain, payout);
    const checked = checkTronPayout(built, payout, Date.now());
    const signedTx = signedTronTransaction(checked.raw, account.signTxId(checked.txId));
    const send = {
      tx_hash: Buffer.from(checked.txId).toString("hex"),
      signed_tx: signedTx,
      expires_at: checked.expiresAt,
    };
    await keepSend(
      trx,
      { order, network: chain.network, from: account.address, lapsed: kept },
      send,
    );
    return { txHash: send.tx_hash, signedTx };
  });
}

/** The payout as the node builds it: raw_data_hex, read by the signer before anything is signed. */
async function buildOnNode(chain: TronPayoutChain, payout: Parameters<typeof checkTronPayout>[1]) {
  const answer = await postJson(
    chain.endpoint,
    "/wallet/triggersmartcontract",
    {
      owner_address: payout.owner,
      contract_address: payout.token,
      function_selector: "transfer(address,uint256)",
      parameter: transferCallData(payout.recipient, payout.amount).slice(8),
      fee_limit: Number(payout.feeLimitSun),
      call_value: 0,
      visible: false,
    },
    builtSchema,
  );
  if (answer.result?.result !== true || !answer.transaction) {
    throw new ChainEndpointError(
      "CHAIN_BAD_ANSWER",
      `The TRON node would not build the payout: ${nodeMessage(answer.result?.message)}`,
    );
  }
  return answer.transaction.raw_data_hex;
}

const accountSchema = z.object({ balance: z.number().int().nonnegative().optional() });
const constantSchema = z.object({
  result: z.object({ result: z.boolean().optional() }).optional(),
  constant_result: z
    .array(z.string().regex(/^[0-9a-fA-F]{64}$/))
    .min(1)
    .optional(),
});

/** The hot wallet's TRX and USDT in base units, at the full node's latest block. */
export async function tronBalances(chain: TronPayoutChain, account: TronAccount) {
  const [trxAccount, usdt] = await Promise.all([
    // An account never sent anything is answered {}.
    postJson(chain.endpoint, "/wallet/getaccount", { address: account.hexAddress }, accountSchema),
    postJson(
      chain.endpoint,
      "/wallet/triggerconstantcontract",
      {
        owner_address: account.hexAddress,
        contract_address: tronHexOf(chain.token),
        function_selector: "balanceOf(address)",
        parameter: account.hexAddress.slice(2).padStart(64, "0"),
        visible: false,
      },
      constantSchema,
    ),
  ]);
  const [balance] = usdt.constant_result ?? [];
  if (usdt.result?.result !== true || balance === undefined) {
    throw new ChainEndpointError(
      "CHAIN_BAD_ANSWER",
      "The TRON node did not answer the hot wallet's USDT.",
    );
  }
  return { trx: BigInt(trxAccount.balance ?? 0), usdt: BigInt(`0x${balance}`) };
}
