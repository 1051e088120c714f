import type * as React from "react";
import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { useTexts } from "../../i18n/use-texts";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { PasswordInput } from "./password-input";

type FormFieldProps<T extends FieldValues, TSubmitted extends FieldValues = T> = {
  /** The form's control; what it submits may be shaped otherwise (a schema's output). */
  control: Control<T, unknown, TSubmitted>;
  name: FieldPath<T>;
  label: string;
  /** Maps an error's i18n key to another text for this form. */
  errorMessages?: Record<string, string>;
  prefix?: string;
  /** Rewrites what is typed before it is stored, e.g. digits only. */
  normalize?: (value: string) => string;
} & Omit<React.ComponentProps<"input">, "name" | "prefix">;

/** A labelled input bound to react-hook-form, with its error below it. */
export function FormField<T extends FieldValues, TSubmitted extends FieldValues = T>({
  control,
  name,
  label,
  errorMessages,
  prefix,
  normalize,
  type,
  ...inputProps
}: FormFieldProps<T, TSubmitted>) {
  const { t } = useTexts();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const id = `field-${name}`;
        const errorKey = fieldState.error?.message;
        const error = errorKey && (errorMessages?.[errorKey] ?? t(errorKey as never));
        const props = {
          ...inputProps,
          ...field,
          onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
            field.onChange(normalize ? normalize(event.target.value) : event.target.value),
          id,
          "aria-invalid": fieldState.invalid,
          "aria-describedby": error ? `${id}-error` : undefined,
        };
        return (
          <div className="space-y-2">
            <Label htmlFor={id}>{label}</Label>
            {type === "password" ? (
              <PasswordInput {...props} />
            ) : prefix ? (
              <div className="flex">
                <span className="inline-flex items-center rounded-l-md border border-r-0 border-input bg-muted px-3 text-sm text-muted-foreground">
                  {prefix}
                </span>
                <Input {...props} type={type} className="rounded-l-none" />
              </div>
            ) : (
              <Input {...props} type={type} />
            )}
            {error && (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
        );
      }}
    />
  );
}
