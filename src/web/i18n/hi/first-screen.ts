import checkErrors from "./check-errors.json";
import common from "./common.json";
import exchange from "./exchange.json";
import serverErrors from "./server-errors.json";

/** The first screen's Hindi texts, one chunk loaded only for those who read Hindi. */
export { checkErrors, common, exchange, serverErrors };
