export function AboutPage() {
  return null;
}
export function TermsPage() {
  return null;
}
export function PrivacyPage() {
  return null;
}
export function RefundPage() {
  return null;
}
