export function AuditPage() {
  return <h1 className="text-2xl font-bold">AuditPage</h1>;
}
