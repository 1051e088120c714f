import { type NavigateOptions, useSearchParams } from "react-router";

/**
 * The page's address parameters, and a change to them made on the address as it is
 * now: react-router hands a functional update the parameters of the render that made
 * it, so the search box's delayed update would undo an order opened meanwhile.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const change = (edit: (next: URLSearchParams) => void, options?: NavigateOptions) => {
    const next = new URLSearchParams(window.location.search);
    edit(next);
    setParams(next, options);
  };
  return [params, change] as const;
}

/** The open order's details live in the address (?order=ID): the Telegram alert links there. */
export function useOpenOrder() {
  const [params, changeParams] = useAddressParams();
  const open = (id: string | null) =>
    changeParams((next) => {
      if (id) next.set("order", id);
      else next.delete("order");
    });
  return [params.get("order"), open] as const;
}
