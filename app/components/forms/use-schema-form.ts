import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * conform's useForm as our forms use it: the schema the action parses with also checks in the browser (a field on
 * leaving it, then as it is corrected), and the server's last reply (errors, entries kept) fills the form.
 */
export function useSchemaForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  constraint: ReturnType<typeof getZodConstraint> = getZodConstraint(schema),
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    lastResult,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
