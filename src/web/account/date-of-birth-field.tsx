import { useState } from "react";
import { type Control, Controller } from "react-hook-form";
import type {
  VerificationDetails,
  VerificationDetailsInput,
} from "../../shared/verification-input";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { useTexts } from "../i18n/use-texts";
import { type DateParts, dateDigits, datePartsOf, isoDateOf } from "./date-of-birth";

const PARTS = [
  { part: "day", length: 2, autoComplete: "bday-day" },
  { part: "month", length: 2, autoComplete: "bday-month" },
  { part: "year", length: 4, autoComplete: "bday-year" },
] as const;

/**
 * The date of birth in three labelled fields, day, month and year, in the page's words
 * (no browser date picker): the form holds YYYY-MM-DD and the shared schema judges it.
 */
export function DateOfBirthField({
  control,
  errorMessages,
}: {
  control: Control<VerificationDetailsInput, unknown, VerificationDetails>;
  errorMessages: Record<string, string>;
}) {
  const { t } = useTexts();
  return (
    <Controller
      control={control}
      name="dateOfBirth"
      render={({ field, fieldState }) => {
        const errorKey = fieldState.error?.message;
        const error = errorKey && (errorMessages[errorKey] ?? errorKey);
        return (
          <fieldset
            className="space-y-2"
            aria-describedby={`field-dateOfBirth-hint${error ? " field-dateOfBirth-error" : ""}`}
          >
            <legend className="text-sm font-medium leading-snug">
              {t("account.verification.fields.dateOfBirth")}
            </legend>
            <p id="field-dateOfBirth-hint" className="text-xs text-muted-foreground">
              {t("account.verification.fields.dateOfBirthHint")}
            </p>
            <DatePartInputs
              value={field.value}
              invalid={fieldState.invalid}
              dayRef={field.ref}
              onBlur={field.onBlur}
              onChange={field.onChange}
            />
            {error && (
              <p id="field-dateOfBirth-error" role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}

function DatePartInputs({
  value,
  invalid,
  dayRef,
  onBlur,
  onChange,
}: {
  value: string;
  invalid: boolean;
  dayRef: (element: HTMLInputElement | null) => void;
  onBlur: () => void;
  onChange: (isoDate: string) => void;
}) {
  const { t } = useTexts();
  // What is typed, as typed ("7", "0"): the form holds the date they make.
  const [parts, setParts] = useState<DateParts>(() => datePartsOf(value));
  return (
    <div className="grid grid-cols-[1fr_1fr_1.5fr] gap-2">
      {PARTS.map(({ part, length, autoComplete }) => (
        <div key={part} className="space-y-1">
          <Label htmlFor={`field-dateOfBirth-${part}`}>
            {t(`account.verification.fields.${part}`)}
          </Label>
          <Input
            id={`field-dateOfBirth-${part}`}
            ref={part === "day" ? dayRef : undefined}
            inputMode="numeric"
            autoComplete={autoComplete}
            maxLength={length}
            aria-invalid={invalid}
            value={parts[part]}
            onBlur={onBlur}
            onChange={(event) => {
              const next = { ...parts, [part]: dateDigits(event.target.value, length) };
              setParts(next);
              onChange(isoDateOf(next));
            }}
          />
        </div>
      ))}
    </div>
  );
}
