/*
 * The way to the sell side's code, a chunk of its own: the first screen names only this
 * file, not the sell side's many chunks (each import names its files to preload, and
 * those names would travel with every first screen).
 */
import { loadTexts } from "../i18n";

/** The Sell tab's code, once its texts are in too. */
export const loadSellTab = async () =>
  (await Promise.all([import("./sell-tab"), loadTexts("sell")]))[0];
export const loadSalePage = () => import("./sale-page");
