import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { expect, test } from "./fixtures";

test.use({ serviceWorkers: "allow" });

test("Chromium finds / installable: manifest, icons, standalone, no errors", async ({ page }) => {
  // A browser profile of its own: Chromium never offers to install from an incognito
  // window, which every ordinary Playwright context is.
  const { baseURL, launchOptions } = test.info().project.use;
  const profile = mkdtempSync(join(tmpdir(), "rupeedesk-install-"));
  const browser = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const visitor = await browser.newPage();
    await visitor.goto("/");
    await expect(visitor.getByTestId("rate-banner")).toContainText("1 USDT = ₹");
    const cdp = await browser.newCDPSession(visitor);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }

  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({
    short_name: "RupeeDesk",
    start_url: "/",
    display: "standalone",
    theme_color: "#0b1220",
  });
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  for (const [sizes, purpose] of [
    ["192x192", "any"],
    ["512x512", "any"],
    ["192x192", "maskable"],
    ["512x512", "maskable"],
  ]) {
    const icon = icons.find((i) => i.sizes === sizes && i.purpose === purpose);
    expect(icon, `${sizes} ${purpose}`).toBeDefined();
    const response = await page.request.get(icon?.src ?? "");
    expect(response.headers()["content-type"]).toBe("image/png");
  }
});

test("offline, a page says so clearly in English and Hindi, and no rate, order or API answer comes from the cache", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await expect(page.getByTestId("rate-banner")).toContainText("1 USDT = ₹");
  // Once the worker controls the page, load a few pages so there is something it could cache.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  await page.goto("/help");
  await expect(page.getByRole("heading", { name: "Help Center" })).toBeVisible();

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain("/offline.html");
  expect(cached.some((path) => path.startsWith("/assets/"))).toBe(true);
  expect(cached.filter((path) => path.startsWith("/api/") || !/\.\w+$/.test(path))).toEqual([]);

  await context.setOffline(true);
  await page.goto("/order-history");
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "आप ऑफ़लाइन हैं" })).toBeVisible();
  // The API is never answered from the cache: offline, it fails.
  const settings = await page.evaluate(() =>
    fetch("/api/site-settings").then(
      (response) => `answered ${response.status}`,
      () => "failed",
    ),
  );
  expect(settings).toBe("failed");

  await context.setOffline(false);
  await page.getByRole("link", { name: /Try again/ }).click();
  await expect(page.getByRole("heading", { name: "Buy USDT with Indian Rupees" })).toBeVisible();
});
