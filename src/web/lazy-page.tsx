import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { loadEnglishTexts, loadTexts, type TextArea } from "./i18n";
import { showToaster } from "./lib/toast";

/** A page whose code, and the texts of the areas it names, load when it is first shown. */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  texts: TextArea[] = [],
  loadPageTexts = loadTexts,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [module] = await Promise.all([load(), loadPageTexts(...texts)]);
    return { default: module[name] as ComponentType };
  });
}

/** A lazily loaded page; until it arrives, its place stays empty (the layout around it stays). */
export function Page({ component: Component }: { component: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<div className="min-h-screen" />}>
      <Component />
    </Suspense>
  );
}

/** The admin pages call sonner's toast directly: their code brings the toaster along. */
export function withToaster<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => (await Promise.all([load(), showToaster()]))[0];
}

/** An admin page: its texts in English, the only language the admin panel is written in. */
export function lazyAdminPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  texts: TextArea[] = [],
) {
  return lazyPage(load, name, texts, loadEnglishTexts);
}
