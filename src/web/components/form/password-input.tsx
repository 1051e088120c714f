import { Eye, EyeOff } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { useTexts } from "../../i18n/use-texts";
import { Input } from "../ui/input";

export function PasswordInput(props: React.ComponentProps<"input">) {
  const { t } = useTexts();
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={isVisible ? "text" : "password"} className="pr-11 sm:pr-10" />
      <button
        type="button"
        className="absolute inset-y-0 right-0 flex w-11 items-center sm:w-10 justify-center text-muted-foreground hover:text-foreground"
        onClick={() => setIsVisible((visible) => !visible)}
        aria-label={isVisible ? t("account.fields.hidePassword") : t("account.fields.showPassword")}
      >
        {isVisible ? (
          <EyeOff className="size-4" aria-hidden />
        ) : (
          <Eye className="size-4" aria-hidden />
        )}
      </button>
    </div>
  );
}
