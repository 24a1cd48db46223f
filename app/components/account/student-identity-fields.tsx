import { type AnyField, TextField } from "~/components/form-fields/field";

type IdentityField = "username" | "email" | "enrollment";

/**
 * Who the student is, asked the same way by the registration and by "This College ID is mine": the name, the e-mail
 * address and the College ID (the enrollment number, typed in capitals and never corrected by the spell checker).
 */
export function StudentIdentityFields({
  fields,
  words,
}: {
  fields: Record<IdentityField, AnyField>;
  words: Record<IdentityField, { label: string }>;
}) {
  return (
    <>
      <TextField meta={fields.username} label={words.username.label} autoComplete="name" />
      <TextField meta={fields.email} label={words.email.label} type="email" autoComplete="email" />
      <TextField
        meta={fields.enrollment}
        label={words.enrollment.label}
        autoCapitalize="characters"
        spellCheck={false}
      />
    </>
  );
}
