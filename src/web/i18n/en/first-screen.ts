import common from "./common.json";
import exchange from "./exchange.json";

/** The first screen's English texts, one chunk: a Hindi reader's first screen loads none. */
export { common, exchange };
