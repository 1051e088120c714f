import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../../shared/money";
import { costSalesByWeightedAverage } from "./weighted-average-cost";

describe("costSalesByWeightedAverage", () => {
  it("costs a sale at the stock's average, which a later purchase moves", () => {
    const days = costSalesByWeightedAverage(
      [
        { day: "2026-11-01", usdt: "100", costInr: "8500" },
        { day: "2026-11-01", usdt: "100", costInr: "8700" },
        { day: "2026-11-03", usdt: "50", costInr: "4400" },
      ],
      [
        { day: "2026-11-02", usdt: "150" },
        { day: "2026-11-03", usdt: "50" },
        { day: "2026-11-03", usdt: "50" },
      ],
    );
    expect(days).toEqual([
      // 200 USDT for 17,200: 86 each.
      {
        day: "2026-11-01",
        costInr: "0.00",
        uncostedUsdt: "0",
        stockUsdt: "200",
        stockCostInr: "17200",
      },
      {
        day: "2026-11-02",
        costInr: "12900.00",
        uncostedUsdt: "0",
        stockUsdt: "50",
        stockCostInr: "4300",
      },
      // The day's purchase joins first: 100 USDT for 8,700, 87 each; both sales take them all.
      {
        day: "2026-11-03",
        costInr: "8700.00",
        uncostedUsdt: "0",
        stockUsdt: "0",
        stockCostInr: "0",
      },
    ]);
  });

  it("leaves coins sold beyond the recorded stock without a cost", () => {
    const [day] = costSalesByWeightedAverage(
      [{ day: "2026-11-01", usdt: "10", costInr: "860" }],
      [{ day: "2026-11-01", usdt: "12.5" }],
    );
    expect(day).toMatchObject({ costInr: "860.00", uncostedUsdt: "2.5", stockUsdt: "0" });
  });

  it("rounds a day's cost to the paisa and keeps the remainder in stock", () => {
    const [, day] = costSalesByWeightedAverage(
      [{ day: "2026-11-01", usdt: "3", costInr: "100" }],
      [{ day: "2026-11-02", usdt: "1" }],
    );
    expect(day).toMatchObject({ costInr: "33.33", stockCostInr: "66.67", stockUsdt: "2" });
  });

  it("never loses or makes a paisa: costs sold plus stock equal what was paid", () => {
    const amount = (places: number) =>
      fc
        .bigInt({ min: 1n, max: 10n ** 9n })
        .map((units) => new Decimal(units.toString()).dividedBy(10 ** places).toFixed());
    const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-11-${String(d).padStart(2, "0")}`);
    fc.assert(
      fc.property(
        fc.array(fc.record({ day, usdt: amount(6), costInr: amount(8) }), { maxLength: 20 }),
        fc.array(fc.record({ day, usdt: amount(4) }), { maxLength: 40 }),
        (purchases, sales) => {
          const days = costSalesByWeightedAverage(purchases, sales);
          const total = (values: string[]) =>
            values.reduce((sum, value) => sum.plus(value), new Decimal(0));
          const last = days.at(-1);
          const paid = total(purchases.map((p) => p.costInr));
          const bought = total(purchases.map((p) => p.usdt));
          const costs = total(days.map((d) => d.costInr));
          const sold = total(sales.map((s) => s.usdt)).minus(
            total(days.map((d) => d.uncostedUsdt)),
          );
          expect(costs.plus(last?.stockCostInr ?? 0).toFixed()).toBe(paid.toFixed());
          expect(sold.plus(last?.stockUsdt ?? 0).toFixed()).toBe(bought.toFixed());
          for (const d of days) {
            expect(new Decimal(d.costInr).gte(0)).toBe(true);
            expect(new Decimal(d.stockUsdt).gte(0)).toBe(true);
          }
        },
      ),
    );
  });
});
