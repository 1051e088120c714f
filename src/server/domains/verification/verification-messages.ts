import { groupIndian } from "../../../shared/indian-grouping";
import { type Language, languageOr } from "../../../shared/languages";
import {
  type NotificationTargets,
  operatorMessages,
} from "../../platform/notifications/operator-messages";
import type { OutboxMessage } from "../../platform/notifications/outbox";

/*
 * What verification sends: the customer hears of every decision about them (an
 * operator's request, approval, rejection) in their language, at a verified
 * address only (as with orders); operators hear of each new submission.
 */

export type VerificationNotice = "requested" | "verified" | "rejected";

interface Customer {
  email: string;
  emailVerified: boolean;
  language: string | null;
}

const TEXTS: Record<
  VerificationNotice,
  Record<Language, { subject: string; text: (note: string) => string }>
> = {
  requested: {
    en: {
      subject: "Please verify your identity on RupeeDesk",
      text: (note) =>
        `Before your next order, please verify your identity: your PAN, date of birth and address, with a photo of your PAN card, an address document and a selfie holding your PAN card. It takes a few minutes.${note ? `\n\nOur note: ${note}` : ""}`,
    },
    hi: {
      subject: "कृपया RupeeDesk पर अपनी पहचान वेरिफ़ाई करें",
      text: (note) =>
        `अपने अगले ऑर्डर से पहले कृपया अपनी पहचान वेरिफ़ाई करें: अपना PAN, जन्म तिथि और पता, साथ में PAN कार्ड की फ़ोटो, पते का एक दस्तावेज़ और PAN कार्ड पकड़े हुए एक सेल्फ़ी। इसमें कुछ ही मिनट लगते हैं।${note ? `\n\nहमारा नोट: ${note}` : ""}`,
    },
  },
  verified: {
    en: {
      subject: "Your identity is verified",
      text: () =>
        "Thank you. We have checked your documents and your identity is verified: the higher limits apply to your orders now.",
    },
    hi: {
      subject: "आपकी पहचान वेरिफ़ाई हो गई है",
      text: () =>
        "धन्यवाद। हमने आपके दस्तावेज़ जाँच लिए हैं और आपकी पहचान वेरिफ़ाई हो गई है: अब आपके ऑर्डर पर ज़्यादा लिमिट लागू होती है।",
    },
  },
  rejected: {
    en: {
      subject: "We could not verify your identity",
      text: (note) =>
        `We could not verify your identity with what you sent.\n\nThe reason: ${note}\n\nPlease send your details and documents again.`,
    },
    hi: {
      subject: "हम आपकी पहचान वेरिफ़ाई नहीं कर सके",
      text: (note) =>
        `आपने जो भेजा, उससे हम आपकी पहचान वेरिफ़ाई नहीं कर सके।\n\nकारण: ${note}\n\nकृपया अपनी जानकारी और दस्तावेज़ फिर से भेजें।`,
    },
  },
};

/** The customer's mail about a decision; none to an address they have not verified. */
export function customerVerificationMessages(
  notice: VerificationNotice,
  customer: Customer,
  targets: NotificationTargets,
  note: string,
): OutboxMessage[] {
  if (!customer.emailVerified) return [];
  const language = languageOr(customer.language);
  const { subject, text } = TEXTS[notice][language];
  const link = `${targets.publicUrl}/verify`;
  return [
    {
      channel: "email",
      topic: `verification.${notice}`,
      payload: {
        to: customer.email,
        subject,
        text: `${text(note)}\n\n${link}\n\n— RupeeDesk`,
        link,
      },
    },
  ];
}

/** What a customer's orders of the last 12 months came to, against the amount that asks for verification. */
export interface YearTotal {
  inr: string;
  thresholdInr: string;
  /** The accounts of the customer's WhatsApp number, when their orders together reached it. */
  sharedPhoneAccounts?: number;
}

interface YearTotalTexts {
  subject: string;
  /** Whose orders reached the amount: the customer's own, or their number's accounts'. */
  reached: (rupees: string) => string;
  sharedPhoneReached: (rupees: string) => string;
  ask: string;
}

const YEAR_TOTAL_TEXTS: Record<Language, YearTotalTexts> = {
  en: {
    subject: "Please verify your identity on RupeeDesk",
    reached: (rupees) => `Your orders of the last 12 months have reached ${rupees}.`,
    sharedPhoneReached: (rupees) =>
      `The orders of the last 12 months of the RupeeDesk accounts with your WhatsApp number have reached ${rupees} together.`,
    ask: "For customers who buy this much the law asks us to know who they are: before your next order, please verify your identity (your PAN, date of birth and address, with a photo of your PAN card, an address document and a selfie holding your PAN card). It takes a few minutes.",
  },
  hi: {
    subject: "कृपया RupeeDesk पर अपनी पहचान वेरिफ़ाई करें",
    reached: (rupees) => `पिछले 12 महीनों में आपके ऑर्डर ${rupees} तक पहुँच गए हैं।`,
    sharedPhoneReached: (rupees) =>
      `आपके WhatsApp नंबर वाले RupeeDesk खातों के पिछले 12 महीनों के ऑर्डर मिलाकर ${rupees} तक पहुँच गए हैं।`,
    ask: "इतनी ख़रीद करने वाले ग्राहकों की पहचान जानना क़ानून के अनुसार ज़रूरी है: अपने अगले ऑर्डर से पहले कृपया अपनी पहचान वेरिफ़ाई करें (अपना PAN, जन्म तिथि और पता, साथ में PAN कार्ड की फ़ोटो, पते का एक दस्तावेज़ और PAN कार्ड पकड़े हुए एक सेल्फ़ी)। इसमें कुछ ही मिनट लगते हैं।",
  },
};

/** The desk's own request, when a customer's orders of the year reached the set amount. */
export function yearTotalMessages(
  customer: Customer,
  targets: NotificationTargets,
  yearTotal: YearTotal,
): OutboxMessage[] {
  if (!customer.emailVerified) return [];
  const texts = YEAR_TOTAL_TEXTS[languageOr(customer.language)];
  const rupees = `₹${groupIndian(yearTotal.inr)}`;
  const reached = yearTotal.sharedPhoneAccounts
    ? texts.sharedPhoneReached(rupees)
    : texts.reached(rupees);
  const link = `${targets.publicUrl}/verify`;
  return [
    {
      channel: "email",
      topic: "verification.requested",
      payload: {
        to: customer.email,
        subject: texts.subject,
        text: `${reached} ${texts.ask}\n\n${link}\n\n— RupeeDesk`,
        link,
      },
    },
  ];
}

/** Operators hear of a submission waiting for review (no document or PAN in the message). */
export function submissionAlert(
  targets: NotificationTargets,
  customer: { userId: string; email: string },
): OutboxMessage[] {
  const link = `${targets.publicUrl}/admin/verifications?user=${encodeURIComponent(customer.userId)}`;
  return operatorMessages(targets, {
    topic: "verification.submitted",
    subject: `Verification to review: ${customer.email}`,
    text: `New verification to review\nCustomer: ${customer.email}\nOpen: ${link}`,
    link,
  });
}
