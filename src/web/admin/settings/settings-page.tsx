export function SettingsPage() {
  return <h1 className="text-2xl font-bold">SettingsPage</h1>;
}
