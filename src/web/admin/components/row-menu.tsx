import { MoreHorizontal } from "lucide-react";
import { type ReactNode, useRef } from "react";
import { Button } from "../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { Spinner } from "../../components/ui/spinner";
import { rememberOpener } from "../../lib/focus-return";

/**
 * A list row's menu of actions, behind a "⋯" button named for its row. Not modal: a
 * menu that closes to open a dialog leaves the page's focus and scrolling alone.
 */
export function RowMenu({
  label,
  isBusy = false,
  children,
}: {
  /** The button's accessible name, which says whose actions these are. */
  label: string;
  /** An action of the row is under way: the button waits, with a spinner. */
  isBusy?: boolean;
  /** The menu's items. */
  children: ReactNode;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    // A dialog one of its items opens gives the keyboard back to this button.
    <DropdownMenu modal={false} onOpenChange={(open) => open && rememberOpener(trigger.current)}>
      <DropdownMenuTrigger asChild>
        <Button ref={trigger} variant="ghost" size="icon" disabled={isBusy} aria-label={label}>
          {isBusy ? <Spinner /> : <MoreHorizontal />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
