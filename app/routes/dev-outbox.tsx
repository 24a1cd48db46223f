import { data, isRouteErrorResponse } from "react-router";
import { ErrorScreen } from "~/components/shell/error-screen";
import { NotFound } from "~/components/shell/not-found";
import { usedBuiltInStore } from "~/server/backend/running-backends.server";
import { env } from "~/server/ops/env.server";
import type { Route } from "./+types/dev-outbox";

/**
 * Development only: the outbox's latest e-mails, so a newcomer running `npm run dev` without SMTP_URL can open the
 * verification link of an account they just registered. Anywhere else (tests, production) it does not exist: 404.
 */
const noStore = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

export function meta() {
  return [{ title: "Outbox (development)" }, { name: "robots", content: "noindex" }];
}

export async function loader() {
  if (env.NODE_ENV !== "development" || env.isProduction) throw data(null, { status: 404, headers: noStore });
  const outbox = usedBuiltInStore()?.outbox;
  const rows = outbox ? await outbox.recent(50) : [];
  return data(
    {
      hasStore: outbox !== undefined,
      // Without SMTP_URL the sender's "sent" means written to the terminal: the page must not say more than it.
      logOnly: !env.SMTP_URL,
      messages: rows.map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        kind: row.kind,
        to: row.recipient,
        subject: row.subject,
        status: row.status,
        attempts: row.attempts,
        lastError: row.last_error,
        text: row.text_body,
        attachments: attachmentsOf(row.attachments),
      })),
    },
    { headers: noStore },
  );
}

/** The attachments' names and sizes (the hackathon's calendar file), from the row's JSON. */
function attachmentsOf(json: string | null): { filename: string; contentType: string; bytes: number }[] {
  if (!json) return [];
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item: { filename?: unknown; contentType?: unknown; content?: unknown }) =>
      typeof item.filename === "string" && typeof item.content === "string"
        ? [
            {
              filename: item.filename,
              contentType: typeof item.contentType === "string" ? item.contentType : "",
              bytes: Buffer.byteLength(item.content),
            },
          ]
        : [],
    );
  } catch {
    return [];
  }
}

/** What became of a message, in the words the terminal uses. */
function statusText(status: string, attempts: number, logOnly: boolean): string {
  if (logOnly && status === "sent") return "written to the terminal, not sent (SMTP_URL is not set)";
  return `${status} (${attempts} ${attempts === 1 ? "attempt" : "attempts"})`;
}

/** The text body with its addresses as links. */
function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"')]+)/g);
  return (
    <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-800">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="font-semibold text-accent underline underline-offset-2">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { hasStore, logOnly, messages } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-ink">Outbox (development)</h1>
      <p className="mt-4 text-slate-700">
        The latest e-mails the site queued, newest first. Without SMTP_URL none leaves this machine: each is written to
        the terminal&apos;s log and listed here.
      </p>
      {!hasStore ? (
        <p className="mt-6 text-slate-700">The council API keeps accounts here: the site sends no e-mail itself.</p>
      ) : messages.length === 0 ? (
        <p className="mt-6 text-slate-700">No e-mail yet. Register an account to see its verification e-mail.</p>
      ) : (
        <ol className="mt-8 space-y-6">
          {messages.map((message) => (
            <li key={message.id} className="rounded-xl border border-slate-200 p-4">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="font-semibold">Queued</dt>
                <dd>{message.createdAt}</dd>
                <dt className="font-semibold">Kind</dt>
                <dd>{message.kind}</dd>
                <dt className="font-semibold">To</dt>
                <dd>{message.to}</dd>
                <dt className="font-semibold">Subject</dt>
                <dd>{message.subject}</dd>
                <dt className="font-semibold">Status</dt>
                <dd>
                  {statusText(message.status, message.attempts, logOnly)}
                  {message.lastError ? `: ${message.lastError}` : ""}
                </dd>
                {message.attachments.length > 0 ? (
                  <>
                    <dt className="font-semibold">Attached</dt>
                    <dd>
                      {message.attachments
                        .map(({ filename, contentType, bytes }) => `${filename} (${contentType}, ${bytes} bytes)`)
                        .join(", ")}
                    </dd>
                  </>
                ) : null}
              </dl>
              {message.text ? (
                <TextWithLinks text={message.text} />
              ) : (
                <p className="mt-3 text-sm text-slate-600">The text was deleted once sent (it held a live link).</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <ErrorScreen />;
}
