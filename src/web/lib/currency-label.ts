import { currencyShortName, findReceiveOption, findSendOption } from "../../shared/catalog";

/** A stored currency id shown as the last word of its name: "upi_inr" → "INR". */
export function currencyLabel(id: string): string {
  const name = findSendOption(id)?.name ?? findReceiveOption(id)?.name;
  return name ? currencyShortName(name) : id.toUpperCase();
}
