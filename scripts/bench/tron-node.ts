import { createHash } from "node:crypto";
import { USDT_TOKENS } from "../../src/server/platform/config/chain-tokens";
import { startFakeChain } from "../../src/server/testing/fake-chain";
import {
  FakeTronNode,
  type FakeTronTransfer,
  randomTronAddress,
} from "../../src/server/testing/fake-tron-node";

/*
 * The benchmark's stand-in TRON full node, in a process of its own so that its work
 * is not counted as the watcher's. Every block holds OTHERS transfers between other
 * people (USDT and a look-alike token); the desk's transfers are sent by the
 * benchmark. Besides the node's API it answers /bench/send (the desk's transfers),
 * /bench/head (the chain goes on) and /bench/calls (what the watcher asked). Under
 * /grid it is TronGrid, serving its index too; elsewhere a plain full node.
 */

const OTHERS = Number(process.env.BENCH_OTHERS ?? 8);
const people = Array.from({ length: 64 }, randomTronAddress);
const lookAlike = randomTronAddress();
const txId = (block: number, index: number) =>
  createHash("sha256").update(`${block}:${index}`).digest("hex");

const othersIn = (block: number): FakeTronTransfer[] =>
  Array.from({ length: OTHERS }, (_, index) => ({
    token: index % 4 === 3 ? lookAlike : USDT_TOKENS.trc20.token,
    from: people[(block + index) % people.length] as string,
    to: people[(block * 7 + index) % people.length] as string,
    baseUnits: BigInt(1_000_000 + block * 13 + index),
    block,
    txId: txId(block, index),
  }));

const node = new FakeTronNode({ head: Number(process.env.BENCH_HEAD ?? 0), others: othersIn });
node.keepsCalls = false;
/** The calls each endpoint got, by kind. */
const newCounts = () => ({ heads: 0, blocks: 0, index: 0, infos: 0, others: 0 });
const calls = { plain: newCounts(), grid: newCounts() };
const KINDS: Record<string, keyof ReturnType<typeof newCounts>> = {
  "/wallet/getnowblock": "heads",
  "/wallet/gettransactioninfobyblocknum": "blocks",
  "/wallet/gettransactioninfobyid": "infos",
};

const stub = await startFakeChain((asked, params, headers) => {
  const viaGrid = asked.startsWith("/grid/");
  const call = viaGrid ? asked.slice("/grid".length) : asked;
  if (call === "/bench/send") {
    const { transfers } = params as { transfers: (FakeTronTransfer & { baseUnits: string })[] };
    for (const transfer of transfers)
      node.send({ ...transfer, baseUnits: BigInt(transfer.baseUnits) });
    return { json: {} };
  }
  if (call === "/bench/head") {
    node.head = (params as { head: number }).head;
    return { json: {} };
  }
  if (call === "/bench/calls") return { json: calls };
  const kind = call.startsWith("/v1/") ? "index" : (KINDS[call] ?? "others");
  calls[viaGrid ? "grid" : "plain"][kind] += 1;
  node.servesIndex = viaGrid;
  return node.respond(call, params, headers);
});
console.log(stub.url);
