const dateFormat = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeZone: "Asia/Kolkata",
});

/** A date as people in India read it, in India time. */
export function formatDate(value: Date | string): string {
  return dateFormat.format(new Date(value));
}

const dateTimeFormat = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

/** A moment as people in India read it, in India time. */
export function formatDateTime(value: Date | string): string {
  return dateTimeFormat.format(new Date(value));
}
