import { sql } from "kysely";
import type { Locale } from "~/i18n/locale";
import type { CouncilApplication, IdeaSubmission, Suggestion } from "~/types/submissions";
import type { Outcome, SubmissionStore } from "../council-backend.server";
import type { StoreDatabase } from "./database.server";
import { guarded, now, Rejection } from "./guard.server";
import type { StoreMail } from "./store.server";
import { queueEvent } from "./mail-queue.server";
import { storedLocale } from "./tables.server";

/**
 * What students send on their own: council applications, ideas and suggestions, one row each. Columns are named
 * one by one, so a value the form does not collect can never reach a table. With `mail`, a saved application queues
 * its receipt to the student in the same transaction.
 */
export function createSubmissions(
  store: StoreDatabase,
  mail: StoreMail | undefined,
): Pick<SubmissionStore, "applyToCouncil" | "shareIdea" | "sendSuggestion"> {
  return {
    applyToCouncil(application: CouncilApplication, sentBy?: string, locale: Locale = "en") {
      return guarded<Outcome>("save a council application", async () => {
        const { name, email, phone, enrollment, dob, gender, college, department, year, club, motivation } =
          application;
        const row = { name, email, phone, enrollment, dob, gender, college, department, year, club, motivation };
        const sameEmail = email.trim().toLowerCase();
        const sameEnrollment = enrollment.trim().toLowerCase();
        await store.write(async (trx) => {
          // One application per student, by e-mail or enrollment number. The locks (always taken in the same
          // order) make two replicas receiving the same student's form at once check one after the other.
          for (const key of [`application-email:${sameEmail}`, `application-enrollment:${sameEnrollment}`].sort()) {
            await store.lock(trx, key);
          }
          const first = await trx
            .selectFrom("applications")
            .select("created_at")
            .where((where) =>
              where.or([
                where(sql<string>`lower(email)`, "=", sameEmail),
                where(sql<string>`lower(enrollment)`, "=", sameEnrollment),
              ]),
            )
            .orderBy("id")
            .executeTakeFirst();
          if (first) throw new Rejection({ code: "alreadyApplied", date: new Date(first.created_at) });
          const receivedAt = now();
          const saved = await trx
            .insertInto("applications")
            .values({ ...row, terms: 1, created_at: receivedAt, sent_by: sentBy ?? null, locale: storedLocale(locale) })
            .returning("id")
            .executeTakeFirstOrThrow();
          if (mail)
            await queueEvent(trx, mail, {
              event: { kind: "application-receipt", name, club, receivedAt, locale },
              to: email,
              // Erasing the application (by the council or by the student) removes its receipt too.
              entry: { section: "applications", id: saved.id },
            });
        });
        return { ok: true };
      });
    },

    shareIdea({ name, enrollment, college, title, description, impact }: IdeaSubmission, sentBy?: string) {
      return guarded<Outcome>("save an idea", async () => {
        const row = {
          name,
          enrollment,
          college,
          title,
          description,
          impact,
          created_at: now(),
          sent_by: sentBy ?? null,
        };
        await store.write((trx) => trx.insertInto("ideas").values(row).execute());
        return { ok: true };
      });
    },

    sendSuggestion({ name, enrollment, college, problem, solution }: Suggestion, sentBy?: string) {
      return guarded<Outcome>("save a suggestion", async () => {
        const row = { name, enrollment, college, problem, solution, created_at: now(), sent_by: sentBy ?? null };
        await store.write((trx) => trx.insertInto("suggestions").values(row).execute());
        return { ok: true };
      });
    },
  };
}
