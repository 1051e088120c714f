import { type Language, localeOf } from "../../../shared/languages";
import type { MailMessage } from "../mail/mailer";

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface LinkMailTexts {
  subject: string;
  intro: string;
  action: string;
  outro: string;
}

function linkMail(to: string, language: Language, texts: LinkMailTexts, url: string): MailMessage {
  const { subject, intro, action, outro } = texts;
  const text = `${intro}\n\n${action}: ${url}\n\n${outro}\n\n— RupeeDesk`;
  const html = `<div lang="${localeOf(language)}"><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p><p>— RupeeDesk</p></div>`;
  return { to, subject, text, html, link: url };
}

/** Each account mail in every language a customer can read the site in. */
const TEXTS: Record<"verify" | "reset" | "existing", Record<Language, LinkMailTexts>> = {
  verify: {
    en: {
      subject: "Verify your RupeeDesk e-mail",
      intro: "Welcome to RupeeDesk. Please confirm that this e-mail address is yours.",
      action: "Verify my e-mail",
      outro: "If you did not sign up, you can ignore this message.",
    },
    hi: {
      subject: "अपना RupeeDesk ई-मेल वेरिफ़ाई करें",
      intro: "RupeeDesk में आपका स्वागत है। कृपया कन्फ़र्म करें कि यह ई-मेल पता आपका ही है।",
      action: "मेरा ई-मेल वेरिफ़ाई करें",
      outro: "अगर आपने साइन अप नहीं किया है, तो इस मैसेज को अनदेखा कर दें।",
    },
  },
  reset: {
    en: {
      subject: "Reset your RupeeDesk password",
      intro:
        "We received a request to reset the password of your RupeeDesk account. The link is valid for one hour and can be used once.",
      action: "Set a new password",
      outro: "If you did not ask for this, ignore this message: your password stays the same.",
    },
    hi: {
      subject: "अपना RupeeDesk पासवर्ड रीसेट करें",
      intro:
        "हमें आपके RupeeDesk अकाउंट का पासवर्ड रीसेट करने की रिक्वेस्ट मिली है। यह लिंक एक घंटे तक चलेगा और एक ही बार इस्तेमाल हो सकता है।",
      action: "नया पासवर्ड सेट करें",
      outro: "अगर आपने यह नहीं माँगा था, तो इस मैसेज को अनदेखा करें: आपका पासवर्ड वही रहेगा।",
    },
  },
  existing: {
    en: {
      subject: "You already have a RupeeDesk account",
      intro:
        "Someone, probably you, tried to sign up to RupeeDesk with this e-mail address, which already has an account.",
      action: "Log in",
      outro:
        "Forgot your password? Use 'Forgot password?' on the log-in page. If this was not you, you can ignore this message.",
    },
    hi: {
      subject: "आपका RupeeDesk अकाउंट पहले से है",
      intro:
        "किसी ने, शायद आपने ही, इस ई-मेल पते से RupeeDesk पर साइन अप करने की कोशिश की। इस पते का अकाउंट पहले से बना हुआ है।",
      action: "लॉग इन करें",
      outro:
        "पासवर्ड भूल गए? लॉग इन पेज पर 'पासवर्ड भूल गए?' इस्तेमाल करें। अगर यह आप नहीं थे, तो इस मैसेज को अनदेखा कर दें।",
    },
  },
};

export function verifyEmailMail(to: string, url: string, language: Language = "en"): MailMessage {
  return linkMail(to, language, TEXTS.verify[language], url);
}

export function resetPasswordMail(to: string, url: string, language: Language = "en"): MailMessage {
  return linkMail(to, language, TEXTS.reset[language], url);
}

export function existingAccountMail(
  to: string,
  loginUrl: string,
  language: Language = "en",
): MailMessage {
  return linkMail(to, language, TEXTS.existing[language], loginUrl);
}
