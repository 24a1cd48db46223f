/**
 * The HTML constraints of fields that are all simply required, written as data: a page renders them before its
 * schema (and zod) has loaded. Each form's tests check them against what the schema itself gives.
 */
export function everyFieldRequired<Name extends string>(names: readonly Name[]) {
  return Object.fromEntries(names.map((name) => [name, { required: true }])) as Record<Name, { required: true }>;
}
