import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { HoneypotField } from "~/components/form-fields/field";

/**
 * The card the public forms (join, suggestion, ideas) are drawn in: a plain POST form, so it works without scripts,
 * with the honeypot first, placed out of sight from the card (hence `relative`).
 */
export function PublicFormCard<Schema extends Record<string, unknown>>({
  form,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="relative mt-10 space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8"
    >
      <HoneypotField />
      {children}
    </Form>
  );
}
