const dateFormat = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeZone: "Asia/Kolkata",
});

/** A date as people in India read it, in India time. */
export function formatDate(value: Date | string): string {
  return dateFormat.format(new Date(value));
}
