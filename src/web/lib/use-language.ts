import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { isLanguage, LANGUAGE_COOKIE, type Language } from "../../shared/languages";
import { changeTextsLanguage, changingTo, currentLanguage, readerTexts } from "../i18n";
import { sessionQueryOptions, useSession } from "./session";

/** Calls back when the reader's texts change: another language, or more texts. */
const onTextsChange = (callback: () => void) => readerTexts.on("change", callback);

/** Where the chosen language is remembered on this device (public/theme-init.js reads it too). */
export const LANGUAGE_KEY = "language";

/** Remembers the choice on this device, and tells the server, which sends the next page pre-rendered in it. */
function rememberOnDevice(language: Language) {
  // biome-ignore lint/suspicious/noDocumentCookie: Safari has no Cookie Store API; the value is one of two words.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage may be unavailable (private mode); the cookie still tells the server
  }
}

/** The saves of the account's language, one after another: the last chosen lands last. */
let savesInOrder: Promise<void> = Promise.resolve();

/** Saves the language on the account: other devices, and the mails we send, follow it. */
function saveOnAccount(language: Language): Promise<void> {
  savesInOrder = savesInOrder.then(async () => {
    try {
      await fetch("/api/account/language", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ language }),
      });
    } catch {
      // Offline: this device remembers it; the account learns at the next change.
    }
  });
  return savesInOrder;
}

/**
 * The language being read and a way to change it. Signed in, the account's language
 * applies (chosen last, on any device) and a change is saved on the account; an
 * account that never chose takes this device's.
 */
export function useLanguage() {
  const language = useSyncExternalStore(onTextsChange, currentLanguage, currentLanguage);
  const { data: session } = useSession();
  const queryClient = useQueryClient();
  const userId = session?.user.id;
  const accountLanguage = session?.user.language;

  const changeLanguage = useCallback(
    async (next: Language) => {
      rememberOnDevice(next);
      await changeTextsLanguage(next);
      if (userId) {
        await saveOnAccount(next);
        await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
      }
    },
    [userId, queryClient],
  );

  useEffect(() => {
    if (!userId) return;
    const current = currentLanguage();
    if (isLanguage(accountLanguage)) {
      if (accountLanguage !== current) {
        rememberOnDevice(accountLanguage);
        void changeTextsLanguage(accountLanguage);
      }
    } else {
      // Not `current`: a choice made before the session arrived may still be loading its texts.
      void saveOnAccount(changingTo ?? current);
    }
  }, [userId, accountLanguage]);

  return { language, changeLanguage };
}
