import common from "./common.json";
import exchange from "./exchange.json";

/** The first screen's Hindi texts, one chunk loaded only for those who read Hindi. */
export { common, exchange };
