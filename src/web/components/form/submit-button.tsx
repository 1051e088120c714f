import type * as React from "react";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";

/** A form's submit button: disabled with a spinner and its working label while submitting. */
export function SubmitButton({
  isSubmitting,
  label,
  submittingLabel,
  className = "w-full",
  ...props
}: React.ComponentProps<typeof Button> & {
  isSubmitting: boolean;
  label: string;
  submittingLabel: string;
}) {
  return (
    <Button type="submit" className={className} disabled={isSubmitting} {...props}>
      {isSubmitting && <Spinner />}
      {isSubmitting ? submittingLabel : label}
    </Button>
  );
}
