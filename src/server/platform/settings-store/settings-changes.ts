import { recordAudit } from "../audit-trail/audit";
import type { Database } from "../db/database";

export type SettingsChanges<Settings> = Partial<
  Record<keyof Settings, { from: Settings[keyof Settings]; to: unknown }>
>;

/** The fields whose stored value differs, each as { from, to }. */
export function diffSettings<Settings extends object>(
  before: Settings,
  after: Settings,
): SettingsChanges<Settings> {
  const changes: SettingsChanges<Settings> = {};
  for (const field of Object.keys(after) as (keyof Settings)[]) {
    if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
  }
  return changes;
}

/** The audit row of a settings save: the fields that changed, each { from, to }. */
export function auditSettingsChanges(
  db: Database,
  actor: { id: string; email: string },
  changes: Record<string, unknown>,
  ipAddress: string | undefined,
) {
  return recordAudit(db, {
    actor,
    action: "settings.saved",
    target: { type: "settings", id: "1" },
    details: changes,
    ipAddress,
  });
}
