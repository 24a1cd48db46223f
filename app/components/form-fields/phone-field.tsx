import type { ComponentPropsWithoutRef, FormEvent } from "react";
import { phoneFieldValue, tidyPhoneInput } from "~/forms/phone";
import { type AnyField, TextField } from "./field";
import { useFormTexts } from "./use-form-texts";

function tidy(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const tidied = tidyPhoneInput(input.value);
  // Only rewrite when something changed, so the caret stays put while typing ordinary digits.
  if (tidied !== input.value) input.value = tidied;
}

/**
 * An Indian mobile number shown after a fixed +91. Every form's phone uses it, so the site has one rule
 * (app/forms/phone.ts): while typing, a complete number such as a pasted "+91 98765 43210" becomes its ten digits and
 * nothing else is cut; without scripts the server applies the same rule. A number put back into the field (a refused
 * form's entries) is shown without a +91 of its own (phoneFieldValue).
 */
export function PhoneField({
  meta,
  label,
  ...rest
}: { meta: AnyField; label: string } & Omit<ComponentPropsWithoutRef<"input">, "type" | "name" | "id" | "prefix">) {
  const { fields } = useFormTexts();
  return (
    <TextField
      meta={meta}
      label={label}
      type="tel"
      prefix="+91"
      // "tel" keeps + and spaces on phone keyboards, so a number written +91 ... can be typed as well as pasted.
      inputMode="tel"
      // The one autofill name HTML allows on type="tel" (tel-national is for text fields): the browser fills the whole
      // number, and its +91 goes as a pasted one does (tidied while typing, read by the server's rule).
      autoComplete="tel"
      placeholder={fields.phonePlaceholder}
      onInput={tidy}
      defaultValue={typeof meta.initialValue === "string" ? phoneFieldValue(meta.initialValue) : undefined}
      {...rest}
    />
  );
}
