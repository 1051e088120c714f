import { languageOr } from "../../../shared/languages";
import type { AppContext } from "../../platform/api/app-context";
import { createRouter } from "../../platform/api/router";
import { requireUser } from "../../platform/api/session";
import { AppError } from "../../platform/http/errors";
import { downloadCertificateRoute, getAccountTaxRoute } from "./account-tax.contracts";
import { readAccountTax } from "./account-tax.service";
import { readyCertificatePdf } from "./certificates/certificate-download";

export function createAccountTaxRouter(context: AppContext) {
  const { db } = context;
  const router = createRouter();
  // Hono's "/…/*" also matches the path itself.
  router.use("/api/account/tax/*", requireUser(context));
  return router
    .openapi(getAccountTaxRoute, async (c) => {
      const tax = await readAccountTax(db, {
        userId: c.var.user.id,
        year: c.req.valid("query").year,
      });
      c.header("Cache-Control", "no-store");
      return c.json(tax, 200);
    })
    .openapi(downloadCertificateRoute, async (c) => {
      const certificate = await readyCertificatePdf(db, {
        userId: c.var.user.id,
        periodId: c.req.valid("param").period,
        language: languageOr(c.var.user.language),
      });
      if (!certificate) {
        throw new AppError(
          404,
          "CERTIFICATE_NOT_FOUND",
          "There is no certificate ready for this period.",
        );
      }
      return c.body(new Uint8Array(certificate.pdf), 200, {
        "content-type": "application/pdf",
        "content-length": String(certificate.pdf.byteLength),
        "content-disposition": `attachment; filename="${certificate.fileName}"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      });
    });
}
