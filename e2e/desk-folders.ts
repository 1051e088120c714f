import { test } from "@playwright/test";

/** Where a desk's server keeps its data (mail, secrets) and where its admin's stepped-up session is kept. */
export interface DeskFolders {
  dataDir: string;
  adminSessionDir: string;
}

/** The folders of the desk the running test's project is on (playwright.config.ts gives them). */
export function deskFolders(): DeskFolders {
  const { metadata, name } = test.info().project;
  if (typeof metadata.dataDir !== "string" || typeof metadata.adminSessionDir !== "string") {
    throw new Error(`Project ${name} names no desk's folders`);
  }
  return metadata as DeskFolders;
}
