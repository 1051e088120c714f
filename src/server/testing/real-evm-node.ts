import {
  ContractDecoder,
  EdrContext,
  L1_CHAIN_TYPE,
  l1GenesisState,
  l1HardforkFromString,
  l1HardforkToString,
  l1ProviderFactory,
  MineOrdering,
  type Provider,
} from "@nomicfoundation/edr";
import {
  type Address,
  createTestClient,
  custom,
  defineChain,
  type Hash,
  publicActions,
  walletActions,
} from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import type { FakeChainAnswer } from "./fake-chain";
import { type CompiledContract, compileTestContracts, EVM_VERSION } from "./solidity";

/** Every TestDollar's supply: a million tokens of six decimals, held by the node's treasury. */
const SUPPLY = 10n ** 12n;
/** What a new wallet gets of the chain's coin for gas: 1,000 of it. */
const GAS_COIN = 10n ** 21n;

const LOCAL_CHAIN = defineChain({
  id: 31337,
  name: "test node",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [] } },
});

// EDR's docs: one context per process ("should only be called once"). Test files of a
// worker share their module graph (vitest.config.ts), so the context is kept here.
let context: Promise<EdrContext> | undefined;
function edrContext() {
  context ??= (async () => {
    const created = new EdrContext();
    await created.registerProviderFactory(L1_CHAIN_TYPE, l1ProviderFactory());
    return created;
  })();
  return context;
}

type JsonRpcReply = { result?: unknown; error?: { code: number; message: string } };

async function call(provider: Provider, method: string, params: unknown = []) {
  const response = await provider.handleRequest(
    JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  );
  const { data } = response;
  return (typeof data === "string" ? JSON.parse(data) : data) as JsonRpcReply;
}

/**
 * A real EVM node in the process: Hardhat's EDR on a fresh chain of its own, which
 * mines a block for each transaction and more on request (docs/decisions/054), with a
 * TestDollar token (six decimals, as USDT on Ethereum) deployable at will. `respond`
 * answers JSON-RPC calls as the stand-in nodes do (give it to startFakeChain or
 * startWatchedDesk); `chain` is viem's client of the same node, for mining, snapshots
 * and reverts.
 */
export async function startRealEvmNode() {
  const [edr, contracts] = await Promise.all([edrContext(), compileTestContracts()]);
  const hardfork = l1HardforkFromString(EVM_VERSION.replace(/^./, (first) => first.toUpperCase()));
  const provider = await edr.createProvider(
    L1_CHAIN_TYPE,
    {
      allowBlocksWithSameTimestamp: false,
      allowUnlimitedContractSize: false,
      // A reverted transaction is mined with status 0, as on a public chain.
      bailOnCallFailure: false,
      bailOnTransactionFailure: false,
      chainId: BigInt(LOCAL_CHAIN.id),
      coinbase: new Uint8Array(20),
      defaultTransactionGasLimit: 1_000_000n,
      genesisState: l1GenesisState(hardfork),
      hardfork: l1HardforkToString(hardfork),
      initialBaseFeePerGas: 1_000_000_000n,
      minGasPrice: 0n,
      mining: { autoMine: true, memPool: { order: MineOrdering.Fifo } },
      network: { genesisBlockGasLimit: 30_000_000n },
      networkId: BigInt(LOCAL_CHAIN.id),
      observability: {},
      ownedAccounts: [],
      precompileOverrides: [],
    },
    { enable: false, decodeConsoleLogInputsCallback: () => [], printLineCallback: () => {} },
    { subscriptionCallback: () => {} },
    new ContractDecoder(),
  );
  const chain = createTestClient({
    mode: "hardhat",
    chain: LOCAL_CHAIN,
    transport: custom({
      async request({ method, params }) {
        const { result, error } = await call(provider, method, params);
        if (error) throw Object.assign(new Error(error.message), error);
        return result;
      },
    }),
    // Receipts are asked for again at this pace until mined; with automine they are at once.
    pollingInterval: 10,
  })
    .extend(publicActions)
    .extend(walletActions);

  /** A new wallet the test signs for, with coin for gas. */
  async function newWallet(): Promise<PrivateKeyAccount> {
    const account = privateKeyToAccount(generatePrivateKey());
    await chain.setBalance({ address: account.address, value: GAS_COIN });
    return account;
  }

  /** Waits for a sent transaction's block; answers its receipt. */
  async function mined(sent: Promise<Hash>) {
    return chain.waitForTransactionReceipt({ hash: await sent });
  }

  async function deploy(contract: CompiledContract, args: unknown[] = []): Promise<Address> {
    const { abi, bytecode } = contract;
    const receipt = await mined(chain.deployContract({ account: treasury, abi, bytecode, args }));
    if (!receipt.contractAddress) throw new Error("the contract was not deployed");
    return receipt.contractAddress;
  }

  /** Sends a token's transfer; its gas set, so one the node would refuse to estimate is mined as failed. */
  const transfer = (token: Address, from: PrivateKeyAccount, to: Address, baseUnits: bigint) =>
    mined(
      chain.writeContract({
        account: from,
        address: token,
        abi: contracts.TestDollar.abi,
        functionName: "transfer",
        args: [to, baseUnits],
        gas: 100_000n,
      }),
    );

  const treasury = await newWallet();
  return {
    chain,
    newWallet,
    mined,
    respond: async (method: string, params: unknown): Promise<FakeChainAnswer> => {
      const { result, error } = await call(provider, method, params);
      return error ? { rpcError: error } : { json: result };
    },
    /** Deploys a TestDollar whose whole supply the node's treasury holds; answers its address. */
    deployDollar: (symbol: string) =>
      deploy(contracts.TestDollar, [`Test ${symbol}`, symbol, SUPPLY]),
    /** Deploys a BatchSender (several payments in one transaction); answers its address. */
    deployBatchSender: () => deploy(contracts.BatchSender),
    /** The treasury gives `to` some of `token`. */
    fund: (token: Address, to: Address, baseUnits: bigint) =>
      transfer(token, treasury, to, baseUnits),
    /** `from` sends `baseUnits` of `token` to `to`: more than it holds is mined as reverted. */
    transfer,
    /** `from` pays each recipient its amount of `token` in one transaction, through `sender`. */
    async sendBatch(
      sender: Address,
      token: Address,
      from: PrivateKeyAccount,
      payments: { to: Address; baseUnits: bigint }[],
    ) {
      const total = payments.reduce((sum, payment) => sum + payment.baseUnits, 0n);
      await mined(
        chain.writeContract({
          account: from,
          address: token,
          abi: contracts.TestDollar.abi,
          functionName: "approve",
          args: [sender, total],
        }),
      );
      return mined(
        chain.writeContract({
          account: from,
          address: sender,
          abi: contracts.BatchSender.abi,
          functionName: "send",
          args: [token, payments.map(({ to }) => to), payments.map(({ baseUnits }) => baseUnits)],
        }),
      );
    },
  };
}

export type RealEvmNode = Awaited<ReturnType<typeof startRealEvmNode>>;
