import { Save } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";

/** A settings form's submit: the save icon, a spinner in its place while saving. */
export function SaveButton({
  isSaving,
  disabled = isSaving,
  size,
  children,
}: {
  isSaving: boolean;
  /** Disabled while saving, unless told otherwise. */
  disabled?: boolean;
  size?: "lg";
  children: ReactNode;
}) {
  return (
    <Button type="submit" size={size} disabled={disabled}>
      {isSaving ? <Spinner /> : <Save aria-hidden />}
      {children}
    </Button>
  );
}
