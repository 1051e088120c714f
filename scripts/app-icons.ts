// Draws the installed app's icons and the tab's (public/icons/*.png) from
// public/favicon.svg with Chromium, so the home-screen icon is the site's own mark:
//   tsx scripts/app-icons.ts
// "any" icons are the mark as it stands (rounded corners, transparent outside);
// "maskable" ones fill the square with the mark's green and keep the ₹ inside the
// central 80 % circle that every launcher's mask leaves visible.
import { readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const svg = readFileSync("public/favicon.svg", "utf8");
const GREEN = /fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1] ?? "#10b981";

function page(size: number, maskable: boolean): string {
  const mark = maskable
    ? `<div style="width:${size}px;height:${size}px;background:${GREEN};display:grid;place-items:center"><div style="width:${size * 0.8}px;height:${size * 0.8}px">${svg.replace(/<rect[^>]*\/>/, "")}</div></div>`
    : `<div style="width:${size}px;height:${size}px">${svg}</div>`;
  return `<html><body style="margin:0;background:transparent">${mark.replace("<svg ", '<svg width="100%" height="100%" ')}</body></html>`;
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
// The tab's icon is a 32 px PNG, not the SVG: Chromium draws an SVG icon in the page's
// own thread, as a document of its own, while the first screen starts.
const ICONS = [
  { size: 32, maskable: false },
  ...[192, 512].flatMap((size) => [false, true].map((maskable) => ({ size, maskable }))),
];
for (const { size, maskable } of ICONS) {
  const tab = await browser.newPage({ viewport: { width: size, height: size } });
  await tab.setContent(page(size, maskable));
  const name = `public/icons/icon-${maskable ? "maskable-" : ""}${size}.png`;
  await tab.screenshot({ path: name, omitBackground: true });
  console.log(`wrote ${name}`);
  await tab.close();
}
await browser.close();
