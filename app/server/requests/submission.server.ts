import { fillText } from "~/i18n/text";
import type { SubmissionResult } from "@conform-to/react";
import { passOnHeaders } from "~/delivery/headers.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import type { z } from "zod";
import { honeypotFieldName } from "~/forms/honeypot";
import { cleanFormData } from "./clean-text.server";
import { checkForm, formShapeLimits, type ListRule } from "./form-controls.server";
import { waitIn } from "~/forms/texts";
import { formTextsOf } from "./form-texts.server";
import { type LimitName, limits, retryAfterSeconds } from "./limits.server";
import { readSubmittedForm } from "./form-data.server";
import { clientAddress, formSizeLimits } from "./request.server";

/**
 * The one way in for every form: every action starts by calling `receive`, so a guard added here protects every
 * form. In this order:
 *
 * 1. body size (413, the connection is closed after the answer),
 * 2. the shape of the raw form data, before any library walks it: field count, name length and depth, list indexes
 *    only under a list the form declares (400); control and bidirectional override characters are dropped from
 *    every text value,
 * 3. conform's control fields `__intent__` / `__state__`: well-formed, of a kind the form uses, list changes within
 *    the form's bounds (400, or the list's own message for a 7th member or removing the leader;
 *    form-controls.server.ts),
 * 4. the form's rate limit, per client address or per signed-in account, reserved before the slow work (429 with
 *    Retry-After),
 * 5. the honeypot (the bot gets the form's normal success answer, nothing is done),
 * 6. the form's schema (400 with every message, entries kept).
 *
 * Every refusal is a conform reply with a form-level message, so each form page shows it in place, with or without
 * JavaScript. A route declares its schema and what to do with the value; it never repeats these checks, and answers
 * its own failures with `received.fail`, so every status code is chosen here.
 */

/**
 * Why a form is turned down, each with the one status code the site answers it with: the pipeline's own refusals
 * and what an action answers once the form has passed its schema.
 */
const failureStatus = {
  /**
   * The form could not be read, or breaks a rule only the server can check (the ID card's bytes, the College ID
   * typed to confirm, an account the identity backend refuses).
   */
  refused: 400,
  /** Wrong College ID or password. */
  wrongCredentials: 401,
  /** Registration is not open. */
  closed: 403,
  /** What the form acts on is another account's: a verification link pressed by someone not signed in to it. */
  notYours: 403,
  /** What the form acts on is not there (an inbox entry erased or never kept). */
  missing: 404,
  /** It clashes with what is already kept: applied before, team name taken. */
  conflict: 409,
  tooLarge: 413,
  /** Too many submissions or login attempts; the answer says when to try again (Retry-After). */
  tooMany: 429,
  /** The backend answered, but did not keep the entry. */
  backendFailed: 502,
  /** The backend could not be reached, or could not do it now. */
  unavailable: 503,
} as const;

type FailureKind = keyof typeof failureStatus;

/** A backend's failure as the visitor's form answers it: unreachable (503) or answered without keeping it (502). */
export function backendFailure(failure: { reason: "rejected" | "unavailable" }): FailureKind {
  return failure.reason === "unavailable" ? "unavailable" : "backendFailed";
}

interface FailOptions {
  /** The field the message belongs to; without it the message is about the whole form. */
  field?: string;
  headers?: HeadersInit;
}

export interface ReceiveOptions<Schema extends z.ZodType, BotAnswer> {
  schema: Schema;
  /**
   * What the form's submissions count against, reserved before the slow work (docs/limits.md):
   * - a policy's name: the client's address, for forms anyone may send;
   * - `{ name, account }`: the signed-in account, so that a neighbour behind the same address (a hostel's or a
   *   campus's NAT) never uses up an honest student's allowance;
   * - `"in-action"`: the action limits each submission itself once it is read, per account or per link token
   *   (the profile's "Send the link again", link-limits.server.ts), or, for logout alone, not at all.
   */
  limit: LimitName | { name: LimitName; account: string } | "in-action";
  /**
   * A submission this says is vouched for does not count against the client address's `limit` (the form counts it
   * elsewhere): asked of the raw form once it is read, before the reservation, so text forms only.
   */
  vouchedFor?: (formData: FormData) => Promise<boolean>;
  maxBytes?: number;
  /** Largest file in a multipart form: a larger one reaches the schema cut short, for its size rule to refuse. */
  maxFileBytes?: number;
  /** The answer a bot that filled the honeypot gets: the form's success, with nothing stored or sent. */
  honeypot?: (formData: FormData) => BotAnswer | Promise<BotAnswer>;
  lists?: Record<string, ListRule>;
  /** Fields never sent back into the page (passwords). */
  hideFields?: string[];
}

type FormReply = SubmissionResult<string[]>;
type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };

export type Received<Output, BotAnswer = never> =
  | {
      ok: true;
      value: Output;
      formData: FormData;
      /** The form's reply with the backend's message added, entries kept (hidden fields left out). */
      reply(options?: ReplyOptions): FormReply;
      /** The action's failure answer: the form with its entries kept, the message, and the kind's status code. */
      fail(kind: FailureKind, message: string, options?: FailOptions): DataWithResponseInit<FormReply>;
      /** Gives the rate-limit attempt back (an attempt that turned out not to count, such as a correct password). */
      giveBack(): Promise<void>;
    }
  | { ok: false; response: DataWithResponseInit<FormReply> | Response | BotAnswer };

/**
 * A refusal about the whole form, before it was read or without its entries, shown where the form shows its message.
 */
export function formRefusal(
  kind: FailureKind,
  message: string,
  init: { headers?: HeadersInit; entries?: FormReply } = {},
) {
  const reply: FormReply = { ...init.entries, status: "error", error: { "": [message] } };
  return data(reply, { status: failureStatus[kind], headers: passOnHeaders(init.headers) });
}

export async function receive<Schema extends z.ZodType, BotAnswer = never>(
  request: Request,
  options: ReceiveOptions<Schema, BotAnswer>,
): Promise<Received<z.output<Schema>, BotAnswer>> {
  const { schema, limit, maxBytes = formSizeLimits.text, lists = {}, hideFields } = options;
  // The pipeline's own refusals speak the language of the page the form was sent from.
  const texts = formTextsOf(request);
  const messages = texts.submission;
  let counted = countedAgainst(limit, clientAddress(request));
  // An upload is refused before it is read: a flood of 5 MB bodies must not fill memory first.
  const reserveFirst = maxBytes > formSizeLimits.text;

  const reserve = async (entries?: () => FormReply) => {
    if (counted === undefined) return undefined;
    const reservation = await limits.reserve(counted.name, counted.key);
    if (reservation.allowed) return undefined;
    const wait = waitIn(texts, reservation.retryAfterMs);
    const message = counted.perAccount ? messages.tooManyFromAccount : messages.tooMany;
    return formRefusal("tooMany", fillText(message, { wait }), {
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
    // The rest of an oversized body is never read: the connection must not carry another request.
    const response =
      body.status === 413
        ? formRefusal("tooLarge", messages.tooLarge, { headers: { Connection: "close" } })
        : formRefusal("refused", messages.unreadable);
    return { ok: false, response };
  }
  // Control and direction-override characters go before anything reads the values (clean-text.server.ts).
  const checked = checkForm(cleanFormData(body.formData), lists);
  if (!checked.ok) {
    if (checked.listRefusal) {
      const { name, message } = checked.listRefusal;
      const submission = parseWithZod(checked.formData, { schema });
      return {
        ok: false,
        response: data(submission.reply({ fieldErrors: { [name]: [message] }, hideFields }), {
          status: failureStatus.refused,
        }),
      };
    }
    return { ok: false, response: formRefusal("refused", messages.unreadable) };
  }
  const { formData } = checked;

  if (!reserveFirst) {
    if (counted !== undefined && !counted.perAccount && (await options.vouchedFor?.(formData))) counted = undefined;
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
    return { ok: false, response: data(submission.reply({ hideFields }), { status: failureStatus.refused }) };

  return {
    ok: true,
    value: submission.value,
    formData,
    reply: (replyOptions = {}) => submission.reply({ ...replyOptions, hideFields }),
    fail: (kind, message, { field, headers } = {}) => {
      const errors = field === undefined ? { formErrors: [message] } : { fieldErrors: { [field]: [message] } };
      return data(submission.reply({ ...errors, hideFields }), {
        status: failureStatus[kind],
        headers: passOnHeaders(headers),
      });
    },
    giveBack: async () => {
      if (counted !== undefined) await limits.giveBack(counted.name, counted.key);
    },
  };
}

/** The counter a submission reserves, if any; with no client address (`react-router dev`) none per client. */
function countedAgainst(
  limit: ReceiveOptions<z.ZodType, unknown>["limit"],
  client: string | undefined,
): { name: LimitName; key: string; perAccount: boolean } | undefined {
  if (limit === "in-action") return undefined;
  if (typeof limit === "string") {
    return client === undefined ? undefined : { name: limit, key: client, perAccount: false };
  }
  // Prefixed, so an account's key can never be a client address's.
  return { name: limit.name, key: `account:${limit.account}`, perAccount: true };
}

/** True when the hidden honeypot field was filled in: people never see it, form-filling bots do. */
function isBotSubmission(formData: FormData): boolean {
  const value = formData.get(honeypotFieldName);
  return typeof value === "string" && value.trim() !== "";
}
