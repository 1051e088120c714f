import { MoneyCommand } from "./command";
import type { Model, Real } from "./model";
import { BEP20_CONFIRMATIONS, type ModelNetwork, SOLANA_FINALITY_SLOTS } from "./money-desk";

/*
 * The chains and the watcher: blocks go by, an unfinal block is dropped, the watcher
 * passes, dies mid-pass or between reading and matching, and reads again what it read.
 */

/** The chains go on (by one block, or until everything sent is final on both), then the watcher passes. */
function advance({ desk }: Real, toFinality: boolean) {
  desk.evm.head += toFinality ? BEP20_CONFIRMATIONS : 1;
  desk.solana.slot += toFinality ? SOLANA_FINALITY_SLOTS : 1;
}

const deepOrNot = (toFinality: boolean) => (toFinality ? "until all is final" : "by one block");

export class WatcherPass extends MoneyCommand {
  constructor(readonly toFinality: boolean) {
    super();
  }

  protected async act(model: Model, real: Real) {
    advance(real, this.toFinality);
    await real.desk.pass();
    model.trail.push(`the chains went on ${deepOrNot(this.toFinality)}; the watcher passed`);
  }

  toString() {
    return `watcherPass(${this.toFinality ? "to finality" : "one block"})`;
  }
}

/** The chains go on while the watcher is down or behind: the payout checks may read them first. */
export class ChainsGoOn extends MoneyCommand {
  constructor(readonly toFinality: boolean) {
    super();
  }

  protected async act(model: Model, real: Real) {
    advance(real, this.toFinality);
    model.trail.push(`the chains went on ${deepOrNot(this.toFinality)}, the watcher not passing`);
  }

  toString() {
    return `chainsGoOn(${this.toFinality ? "to finality" : "one block"})`;
  }
}

/**
 * A reorganisation before finality: BEP20 mines its newest `depth + 1` blocks again
 * without their transfers; Solana abandons the fork of its newest unfinalized transaction.
 */
export class Reorganise extends MoneyCommand {
  constructor(
    readonly network: ModelNetwork,
    readonly depth: number,
  ) {
    super();
  }

  check(model: Readonly<Model>) {
    return model.moves.some((move) => move.network === this.network && !move.dropped);
  }

  protected async act(model: Model, { desk }: Real) {
    let dropped: string[];
    if (this.network === "bep20") {
      // Blocks this shallow are never final: 5 confirmations are waited for.
      const from = desk.evm.head - Math.min(this.depth, BEP20_CONFIRMATIONS - 2);
      desk.evm.reorganiseFrom(from);
      dropped = this.#drop(model, (height) => height >= from);
    } else {
      const unfinal = desk.solana.transactions.filter((tx) => desk.solana.slot - tx.slot + 1 < 32);
      const newest = unfinal.at(-1);
      if (!newest) return;
      desk.solana.abandon(newest.signature);
      dropped = this.#drop(model, (_height, hash) => hash === newest.signature);
    }
    model.trail.push(
      `${this.network} reorganised before finality, dropping ${dropped.length > 0 ? dropped.join(", ") : "nothing of the sequence"}`,
    );
  }

  #drop(model: Model, isDropped: (height: number, hash: string) => boolean) {
    const labels = new Set<string>();
    for (const move of model.moves) {
      if (move.network !== this.network || move.dropped || !isDropped(move.height, move.hash)) {
        continue;
      }
      move.dropped = true;
      labels.add(move.label);
    }
    return [...labels];
  }

  toString() {
    return `reorganise(${this.network}, depth ${this.depth})`;
  }
}

/** The watcher's process dies mid-pass: the node's connection drops after `calls` calls, then it restarts. */
export class WatcherDiesMidPass extends MoneyCommand {
  constructor(
    readonly network: ModelNetwork,
    readonly calls: number,
  ) {
    super();
  }

  protected async act(model: Model, real: Real) {
    advance(real, true);
    real.desk.dropCallAfter(this.network, this.calls);
    await real.desk.pass();
    real.desk.stopDropping();
    model.trail.push(
      `the chains went on until all is final; the watcher died on its ${this.network} call ${this.calls + 1} and restarted`,
    );
  }

  toString() {
    return `watcherDiesMidPass(${this.network}, after ${this.calls} calls)`;
  }
}

/** The watcher records what it read and dies before matching it; the next pass matches. */
export class WatcherDiesBeforeMatching extends MoneyCommand {
  constructor(readonly toFinality: boolean) {
    super();
  }

  protected async act(model: Model, real: Real) {
    advance(real, this.toFinality);
    await real.desk.watchWithoutMatching();
    model.trail.push(
      `the chains went on ${deepOrNot(this.toFinality)}; the watcher recorded them and died before matching`,
    );
  }

  toString() {
    return `watcherDiesBeforeMatching(${this.toFinality ? "to finality" : "one block"})`;
  }
}

/**
 * The watcher restarts from an older cursor and reads the same transactions again (a
 * backup restored, a node that answered late): each is seen twice.
 */
export class WatcherReadsAgain extends MoneyCommand {
  protected async act(model: Model, { desk }: Real) {
    const { db } = desk.testApp;
    await db
      .updateTable("chain_watch_cursors")
      .set({ next_block: "0" })
      .where("network", "=", "bep20")
      .where("wallet_address", "=", model.wallets.bep20)
      .execute();
    await db
      .deleteFrom("chain_watch_signatures")
      .where("network", "=", "solana")
      .where("wallet_address", "=", model.wallets.solana)
      .execute();
    await desk.pass();
    model.trail.push("the watcher restarted from its first block and read every transaction again");
  }

  toString() {
    return "watcherReadsAgain()";
  }
}
