import type { MailMessage } from "../mail/mailer";

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkMail(
  to: string,
  subject: string,
  intro: string,
  action: string,
  url: string,
  outro: string,
): MailMessage {
  const text = `${intro}\n\n${action}: ${url}\n\n${outro}\n\n— RupeeDesk`;
  const html = `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p><p>— RupeeDesk</p>`;
  return { to, subject, text, html, link: url };
}

export function verifyEmailMail(to: string, url: string): MailMessage {
  return linkMail(
    to,
    "Verify your RupeeDesk e-mail",
    "Welcome to RupeeDesk. Please confirm that this e-mail address is yours.",
    "Verify my e-mail",
    url,
    "If you did not sign up, you can ignore this message.",
  );
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  return linkMail(
    to,
    "Reset your RupeeDesk password",
    "We received a request to reset the password of your RupeeDesk account. The link is valid for one hour and can be used once.",
    "Set a new password",
    url,
    "If you did not ask for this, ignore this message: your password stays the same.",
  );
}

export function existingAccountMail(to: string, loginUrl: string): MailMessage {
  return linkMail(
    to,
    "You already have a RupeeDesk account",
    "Someone, probably you, tried to sign up to RupeeDesk with this e-mail address, which already has an account.",
    "Log in",
    loginUrl,
    "Forgot your password? Use 'Forgot password?' on the log-in page. If this was not you, you can ignore this message.",
  );
}
