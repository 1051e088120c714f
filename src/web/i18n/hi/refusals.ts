import checkErrors from "./check-errors.json";
import serverErrors from "./server-errors.json";

/**
 * Hindi's words for refusals (the server's and the form's own checks), one chunk: they
 * load with any area's texts, not with the first screen (i18n/index.ts).
 */
export { checkErrors, serverErrors };
