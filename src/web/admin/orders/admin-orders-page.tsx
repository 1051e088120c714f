export function AdminOrdersPage() {
  return <h1 className="text-2xl font-bold">AdminOrdersPage</h1>;
}
