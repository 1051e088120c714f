import { createRequire } from "node:module";

/*
 * The certificate's typeface: Noto Sans Devanagari as TrueType, one file with Latin
 * letters, digits, the rupee sign and Devanagari, which pdfkit's fontkit shapes
 * (conjuncts, the ि matra before its consonant) and embeds as a subset. Fontsource's
 * files are split by script, and its WOFF2 files fail fontkit's subsetter (decision 062).
 */
const fontFile = createRequire(import.meta.url).resolve;

export const CERTIFICATE_FONTS = {
  regular: fontFile(
    "@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf",
  ),
  bold: fontFile("@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf"),
} as const;
