import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { z } from "zod";
import { honeypotFieldName } from "~/forms/honeypot";
import { cleanFormData } from "./clean-text.server";
import { type LimitName, limitMessages, limits, retryAfterSeconds } from "./limits.server";
import { readSubmittedForm } from "./form-data.server";
import { clientAddress, formSizeLimits } from "./request.server";

/**
 * The one way in for every form (STYLE.md, "One way in for every submission"). In this order:
 *
 * 1. body size (413, the connection is closed after the answer),
 * 2. the shape of the raw form data, before any library walks it: field count, name length and depth, list indexes
 *    only under a list the form declares (400); control and bidirectional override characters are dropped from
 *    every text value,
 * 3. conform's control fields `__intent__` / `__state__`: well-formed, of a kind the form uses, list changes within
 *    the form's bounds (400, or the list's own message for a 7th member or removing the leader),
 * 4. the per-client rate limit, reserved before the slow work (429 with Retry-After),
 * 5. the honeypot (the bot gets the form's normal success answer, nothing is done),
 * 6. the form's schema (400 with every message, entries kept).
 *
 * Every refusal is a conform reply with a form-level message, so each form page shows it in place, with or without
 * JavaScript. A route declares its schema and what to do with the value; it never repeats these checks.
 */

export const submissionMessages = {
  tooLarge: "The form is too large to send. Please shorten it and try again.",
  unreadable: "The form could not be read. Please reload the page and try again.",
} as const;

/** Far above any form of ours (the team form has about 50 fields), far below what would cost time to walk. */
export const formShapeLimits = { maxFields: 100, maxNameLength: 100, maxNameDepth: 4 } as const;

/** A repeatable group of fields (the team's members), changed by conform's insert and remove intents. */
export interface ListRule {
  /** Most rows; an insert beyond it is refused with `tooMany`. */
  max: number;
  tooMany: string;
  /** The value a new row starts with, whatever the request asked for. */
  newRow?: Record<string, string>;
  /** When set, row 1 can be neither removed nor pushed down; trying says this. */
  firstRowStays?: string;
}

export interface ReceiveOptions<Schema extends z.ZodType, BotAnswer> {
  schema: Schema;
  /** The per-client rate limit this form counts against. */
  limit: LimitName;
  maxBytes?: number;
  /** Largest file in a multipart form: a larger one reaches the schema cut short, for its size rule to refuse. */
  maxFileBytes?: number;
  /** The answer a bot that filled the honeypot gets: the form's success, with nothing stored or sent. */
  honeypot?: (formData: FormData) => BotAnswer | Promise<BotAnswer>;
  lists?: Record<string, ListRule>;
  /** Fields never sent back into the page (passwords). */
  hideFields?: string[];
}

export type FormReply = SubmissionResult<string[]>;
type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; resetForm?: boolean };

export type Received<Output, BotAnswer = never> =
  | {
      ok: true;
      value: Output;
      formData: FormData;
      /** The form's reply with the backend's message added, entries kept (hidden fields left out). */
      reply(options?: ReplyOptions): FormReply;
      /** Gives the rate-limit attempt back (an attempt that turned out not to count, such as a correct password). */
      giveBack(): Promise<void>;
    }
  | { ok: false; response: DataWithResponseInit<FormReply> | Response | BotAnswer };

/**
 * Every form route's `headers` export: React Router carries only cookies from an action to the response by itself,
 * so the pipeline's Retry-After (429) and Connection: close (413) are passed on here.
 */
export function formHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers();
  for (const name of ["Retry-After", "Connection"]) {
    const value = actionHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

/** A refusal about the whole form, shown where the form shows its message. */
export function formRefusal(
  message: string,
  status: number,
  init: { headers?: HeadersInit; entries?: FormReply } = {},
) {
  const reply: FormReply = { ...init.entries, status: "error", error: { "": [message] } };
  return data(reply, { status, headers: init.headers });
}

export async function receive<Schema extends z.ZodType, BotAnswer = never>(
  request: Request,
  options: ReceiveOptions<Schema, BotAnswer>,
): Promise<Received<z.output<Schema>, BotAnswer>> {
  const { schema, limit, maxBytes = formSizeLimits.text, lists = {}, hideFields } = options;
  const client = clientAddress(request);
  // An upload is refused before it is read: a flood of 5 MB bodies must not fill memory first.
  const reserveFirst = maxBytes > formSizeLimits.text;

  const reserve = async (entries?: () => FormReply) => {
    if (client === undefined) return undefined;
    const reservation = await limits.reserve(limit, client);
    if (reservation.allowed) return undefined;
    return formRefusal(limitMessages.submit(reservation.retryAfterMs), 429, {
      headers: { "Retry-After": retryAfterSeconds(reservation.retryAfterMs) },
      entries: entries?.(),
    });
  };

  if (reserveFirst) {
    const refused = await reserve();
    if (refused) return { ok: false, response: refused };
  }

  const body = await readSubmittedForm(
    request,
    { maxBytes, maxFileBytes: options.maxFileBytes },
    { maxFields: formShapeLimits.maxFields, maxTextBytes: formSizeLimits.text },
  );
  if (!body.ok) {
    const message = body.status === 413 ? submissionMessages.tooLarge : submissionMessages.unreadable;
    // The rest of an oversized body is never read: the connection must not carry another request.
    return {
      ok: false,
      response: formRefusal(message, body.status, {
        headers: body.status === 413 ? { Connection: "close" } : undefined,
      }),
    };
  }
  // Control and direction-override characters go before anything reads the values (clean-text.server.ts).
  const checked = checkForm(cleanFormData(body.formData), lists);
  if (!checked.ok) {
    if (checked.listRefusal) {
      const { name, message } = checked.listRefusal;
      const submission = parseWithZod(checked.formData, { schema });
      return {
        ok: false,
        response: data(submission.reply({ fieldErrors: { [name]: [message] }, hideFields }), { status: 400 }),
      };
    }
    return { ok: false, response: formRefusal(submissionMessages.unreadable, 400) };
  }
  const { formData } = checked;

  if (!reserveFirst) {
    // Read first for text forms, so a visitor over the limit keeps what they typed.
    const refused = await reserve(() => parseWithZod(formData, { schema }).reply({ hideFields }));
    if (refused) return { ok: false, response: refused };
  }

  if (options.honeypot && isBotSubmission(formData)) return { ok: false, response: await options.honeypot(formData) };

  const submission = parseWithZod(formData, { schema });
  // A list change (Add Member, Remove) or a field check: the page comes back with the rows changed, entries kept.
  if (submission.status === undefined)
    return { ok: false, response: data(submission.reply({ hideFields }), { status: 200 }) };
  if (submission.status !== "success")
    return { ok: false, response: data(submission.reply({ hideFields }), { status: 400 }) };

  return {
    ok: true,
    value: submission.value,
    formData,
    reply: (replyOptions = {}) => submission.reply({ ...replyOptions, hideFields }),
    giveBack: async () => {
      if (client !== undefined) await limits.giveBack(limit, client);
    },
  };
}

/** True when the hidden honeypot field was filled in: people never see it, form-filling bots do. */
function isBotSubmission(formData: FormData): boolean {
  const value = formData.get(honeypotFieldName);
  return typeof value === "string" && value.trim() !== "";
}

const intentField = "__intent__";
const stateField = "__state__";

type FormCheck =
  { ok: true; formData: FormData } | { ok: false; listRefusal?: { name: string; message: string }; formData: FormData };

/**
 * Field names as our forms write them: `name`, `members[2].email`. Anything else (dotted numbers, `a[b]`, names in
 * other scripts, stray brackets) is no field of ours and is refused before conform turns it into objects.
 */
const fieldNamePattern = /^[A-Za-z_][\w-]*(?:\[\d{1,3}\]|\.[A-Za-z_][\w-]*)*$/;

/** The path of a field name: `members[2].name` → members, 2, name. */
function segments(name: string): string[] {
  return name.split(/\.|\[|\]\.?/).filter((segment) => segment !== "");
}

/** A name within the shape limits and the grammar, whose only list index follows a declared list's name. */
function acceptableName(name: string, lists: Record<string, ListRule>): boolean {
  if (name.length > formShapeLimits.maxNameLength || !fieldNamePattern.test(name)) return false;
  const path = segments(name);
  if (path.length > formShapeLimits.maxNameDepth) return false;
  const rule = lists[path[0]!];
  if (!rule) return !name.includes("[");
  // A declared list is only ever `list[n]` or `list[n].field`: conform builds arrays as long as the largest index,
  // and fails on a list that is not a list (`members=x`). Rows a little past the bound are read, so the form's own
  // message for too many rows ("Maximum 6 members allowed per team!") is what the visitor sees.
  const match = /^[^[.]+\[(\d{1,3})\](?:\.[A-Za-z_][\w-]*)?$/.exec(name);
  return match !== null && Number(match[1]) < rule.max * 2;
}

/** conform's intents as its buttons and scripts send them; anything else is refused. */
const fieldName = z.string().max(formShapeLimits.maxNameLength).regex(fieldNamePattern);
const rowIndex = z.number().int().min(0).max(1000);
const intentSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("validate"), payload: z.object({ name: fieldName.optional() }) }),
  z.object({ type: z.literal("reset"), payload: z.object({ name: fieldName.optional(), index: rowIndex.optional() }) }),
  z.object({
    type: z.literal("insert"),
    payload: z.object({ name: fieldName, index: rowIndex.optional(), defaultValue: z.unknown().optional() }),
  }),
  z.object({ type: z.literal("remove"), payload: z.object({ name: fieldName, index: rowIndex }) }),
]);
const stateSchema = z.object({ validated: z.record(fieldName, z.boolean()).optional() });

function parseJson(text: FormDataEntryValue | null): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Checks the raw form against the shape limits and rewrites conform's control fields into exactly what conform
 * will read: a checked intent (list changes bounded by the form's ListRule) and a state with only known keys.
 */
function checkForm(raw: FormData, lists: Record<string, ListRule>): FormCheck {
  const refused: FormCheck = { ok: false, formData: raw };
  const formData = new FormData();
  const rows = new Map<string, number>();
  let count = 0;
  let intentText: FormDataEntryValue | null = null;
  let stateText: FormDataEntryValue | null = null;

  for (const [name, value] of raw.entries()) {
    count += 1;
    if (count > formShapeLimits.maxFields) return refused;
    if (name === intentField || name === stateField) {
      // One of each, and text: a repeated or file-valued control field is not something conform sends.
      if ((name === intentField ? intentText : stateText) !== null || typeof value !== "string") return refused;
      if (name === intentField) intentText = value;
      else stateText = value;
      continue;
    }
    if (!acceptableName(name, lists)) return refused;
    const index = /^([^[]+)\[(\d+)\]/.exec(name);
    if (index) rows.set(index[1]!, Math.max(rows.get(index[1]!) ?? 0, Number(index[2]) + 1));
    formData.append(name, value);
  }

  if (stateText !== null) {
    const state = stateSchema.safeParse(parseJson(stateText));
    if (!state.success) return refused;
    formData.set(stateField, JSON.stringify(state.data));
  }
  if (intentText === null) return { ok: true, formData };

  const parsed = intentSchema.safeParse(parseJson(intentText));
  if (!parsed.success) return refused;
  const intent = parsed.data;
  if (intent.type === "validate" || intent.type === "reset") {
    if (
      intent.payload.name !== undefined &&
      !acceptableName(intent.payload.name, lists) &&
      !lists[intent.payload.name]
    ) {
      return refused;
    }
    formData.set(intentField, JSON.stringify(intent));
    return { ok: true, formData };
  }

  const rule = lists[intent.payload.name];
  if (!rule) return refused;
  const listName = intent.payload.name;
  const rowCount = rows.get(listName) ?? 0;
  const keepRows = (message: string): FormCheck => {
    // The page comes back unchanged, with the list's message; conform marks the list as checked.
    formData.set(intentField, JSON.stringify({ type: "validate", payload: { name: listName } }));
    return { ok: false, formData, listRefusal: { name: listName, message } };
  };

  if (intent.type === "insert") {
    if (rowCount >= rule.max) return keepRows(rule.tooMany);
    if (rule.firstRowStays && intent.payload.index === 0) return keepRows(rule.firstRowStays);
    const index = intent.payload.index === undefined ? undefined : Math.min(intent.payload.index, rowCount);
    formData.set(
      intentField,
      JSON.stringify({ type: "insert", payload: { name: listName, index, defaultValue: rule.newRow } }),
    );
    return { ok: true, formData };
  }
  // remove
  if (rule.firstRowStays && intent.payload.index === 0) return keepRows(rule.firstRowStays);
  if (intent.payload.index >= rowCount) return refused;
  formData.set(intentField, JSON.stringify(intent));
  return { ok: true, formData };
}
