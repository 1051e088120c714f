import type fc from "fast-check";
import { checkInvariants } from "./invariants";
import type { Model, Real } from "./model";

/**
 * One step of a sequence: it acts as a customer, an operator, the chain or the watcher
 * would, writes what it did in the model's trail, and then the invariants are checked.
 * `toString` names the step as fast-check prints it in a failing sequence; the items it
 * picks are positions in the sequence's lists (sales, orders, transfers), counted round.
 */
export abstract class MoneyCommand implements fc.AsyncCommand<Model, Real> {
  check(_model: Readonly<Model>): boolean {
    return true;
  }

  async run(model: Model, real: Real): Promise<void> {
    await this.act(model, real);
    await checkInvariants(real.desk.testApp.db, model);
  }

  protected abstract act(model: Model, real: Real): Promise<void>;

  abstract toString(): string;
}

/** An answer the app gave: any refusal is fine for a step (the model asked at random), never a 500. */
export function answered<Answer extends { status: number; text: string }>(
  response: Answer,
  what: string,
): Answer {
  if (response.status >= 500) {
    throw new Error(`${what} answered ${response.status}: ${response.text}`);
  }
  return response;
}

/** How the trail writes an answer: its status and, for a refusal, its code. */
export function outcome(response: { status: number; json?: { code?: string } }) {
  return response.status < 300
    ? `${response.status}`
    : `${response.status} ${response.json?.code ?? ""}`.trim();
}
