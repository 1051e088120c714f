import "./styles.css";
import { DEFAULT_LANGUAGE, isLanguage } from "../shared/languages";
import { keepEarlyClicks } from "./early-clicks";
import { askFirstScreenAnswers } from "./first-screen-answers";
import { registerServiceWorker } from "./pwa/service-worker";
import { requestStartFiles } from "./start-files";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

// <html lang> names the language being read: public/theme-init.js set it before the
// first paint (saved choice, else the browser's); it follows every change from here.
const { lang } = document.documentElement;
const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;

const repeatEarlyClick = keepEarlyClicks(root);

/** A new task: the browser may paint or answer a tap between two steps of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** After the next frame (or 100 ms, where frames stand still, as in a hidden tab). */
const afterNextFrame = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });

/**
 * The pre-rendered page paints first; then the first screen's two answers
 * (first-screen-answers.ts) and the app's files (start-files.ts) are requested, a task
 * apart, and their modules run in steps, each in a task of its own: run at
 * once they made one task of 26-29 ms of CPU on a fast desktop, four times that on a
 * phone, while a tap waits. A button tapped before the app listens is tapped again
 * once it does (early-clicks.ts).
 * React DOM, the largest, goes first and alone; then the texts in the reader's
 * language, the app's own modules, the render, and at last, when the browser is idle,
 * the installed app's service worker.
 */
async function start(container: HTMLElement) {
  await afterNextFrame();
  askFirstScreenAnswers();
  await nextTask();
  await requestStartFiles(nextTask);
  await import("react-dom/client");
  await nextTask();
  const { changeTextsLanguage } = await import("./i18n");
  await nextTask();
  await changeTextsLanguage(language);
  await nextTask();
  const { startApp } = await import("./start-app");
  await nextTask();
  startApp(container, language);
  repeatEarlyClick();
  registerServiceWorker();
}

void start(root);
