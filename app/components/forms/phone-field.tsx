import type { FieldMetadata } from "@conform-to/react";
import type { FormEvent } from "react";
import { TextField } from "./field";

/** Section 5: while typing, the phone keeps only digits and is cut to 10. */
export function phoneKeystrokes(value: string): string {
  return value.replace(/\D/g, "").slice(0, 10);
}

function keepDigits(event: FormEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const cleaned = phoneKeystrokes(input.value);
  // Only rewrite when something changed, so the caret stays put while typing ordinary digits.
  if (cleaned !== input.value) input.value = cleaned;
}

/**
 * A 10-digit Indian mobile number shown after a fixed +91 (section 2). Without scripts the visitor may type
 * "98765 43210"; the server removes spaces and dashes before checking it.
 */
export function PhoneField({ meta, label }: { meta: FieldMetadata<any, any, string[]>; label: string }) {
  return (
    <TextField
      meta={meta}
      label={label}
      type="tel"
      prefix="+91"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder="10-digit mobile number"
      onInput={keepDigits}
    />
  );
}
