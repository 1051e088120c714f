export function UsersPage() {
  return <h1 className="text-2xl font-bold">UsersPage</h1>;
}
