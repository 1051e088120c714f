import { Loader2 } from "lucide-react";

const SPINNER_SIZE = { small: "size-3", default: "size-4", large: "size-6" } as const;

export function Spinner({ size = "default" }: { size?: keyof typeof SPINNER_SIZE }) {
  return <Loader2 className={`${SPINNER_SIZE[size]} animate-spin`} aria-hidden />;
}
