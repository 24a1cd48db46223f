import { fillText } from "~/i18n/text";
import { getFormProps, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { useCallback } from "react";
import { Form, useFormAction } from "react-router";
import {
  CheckboxField,
  FormMessage,
  HoneypotField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from "~/components/form-fields/field";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { useSchemaForm } from "~/components/form-fields/use-schema-form";
import { maxTeamMembers, teamCategoryOptions } from "~/forms/team-registration";
import type { TeamRegistrationInput } from "~/forms/team-registration-schema";
import { PrivacyNote } from "~/components/privacy/privacy-note";
import { MemberFieldset, memberRowId } from "./member-fieldset";

type TeamDefaultValue = DefaultValue<TeamRegistrationInput>;

/** The form starts with one empty leader row. */
const newTeam: TeamDefaultValue = { members: [{ role: "leader" }] };

/**
 * The team registration form. Add Member and Remove are conform intent buttons: with JavaScript conform handles
 * them in the browser; without it they submit the form and the action answers with the rows changed and every
 * entry kept (the server's submission pipeline holds the list to its bounds, teamMemberList).
 */
export function TeamRegistrationForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const texts = useFormTexts();
  const { team } = texts;
  // The form loads the schema (and zod) after its first render; the route's action parses with it on the server.
  const loadTeamSchema = useCallback(
    () => import("~/forms/team-registration-schema").then((module) => module.createTeamRegistrationSchema(texts)),
    [texts],
  );
  // conform gives list rows their keys from the default value only; rows that came back from the server
  // (Add Member before the scripts loaded) need keys too, or removing one with scripts would mix up inputs. No
  // constraint attributes: the team's fields are checked by the schema alone.
  const [form, fields] = useSchemaForm(loadTeamSchema, lastResult, {}, lastResult?.initialValue ?? newTeam);
  const members = fields.members.getFieldList();
  // The team rules and backend answers are about the whole form; a refused Add/Remove is about the list.
  const teamMessages = [...(form.errors ?? []), ...(fields.members.errors ?? [])];
  const formAction = useFormAction();

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-8">
      {/* Enter in a text field clicks the form's first submit button: that must send the team, not a Remove. It has
          no text, so text browsers, which show every button whatever the styles say, show nothing here; it keeps a
          (one-pixel) box, as Safari skips a default button that is not displayed and would click the next one. */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />
      <HoneypotField />

      <section aria-labelledby="team-details-heading" className="space-y-4">
        <h2 id="team-details-heading" className="text-xl font-bold text-ink">
          {team.detailsHeading}
        </h2>
        <TextField meta={fields.teamName} label={team.teamName.label} autoComplete="off" />
        <SelectField
          meta={fields.category}
          label={team.category.label}
          options={teamCategoryOptions(texts)}
          placeholder={team.category.placeholder}
        />
        <TextAreaField meta={fields.description} label={team.description.label} rows={4} />
      </section>

      <section aria-labelledby="team-members-heading" className="space-y-5">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="team-members-heading" className="text-xl font-bold text-ink">
            {team.membersHeading}
          </h2>
          <p className="text-sm text-slate-600">
            {fillText(team.membersCount, { count: members.length, max: maxTeamMembers })}
          </p>
        </div>
        <FormMessage id={form.errorId} messages={teamMessages} />
        {members.map((member, index) => (
          <MemberFieldset
            key={member.key}
            member={member}
            index={index}
            removeButton={
              index === 0
                ? undefined
                : {
                    ...form.remove.getButtonProps({ name: fields.members.name, index }),
                    // Without scripts the answer opens at the row above the one removed.
                    formAction: `${formAction}#${memberRowId(index)}`,
                  }
            }
          />
        ))}
        {members.length < maxTeamMembers ? (
          <button
            {...form.insert.getButtonProps({ name: fields.members.name, defaultValue: { role: "member" } })}
            // Without scripts each Add Member is a round trip: the answer opens at the new row, not at the top of a
            // page where it is a screen or more further down.
            formAction={`${formAction}#${memberRowId(members.length + 1)}`}
            type="submit"
            className="inline-flex w-full items-center justify-center rounded-md border-2 border-dashed border-red-700 px-5 py-3 font-semibold text-red-800 hover:bg-red-50 focus-ring sm:w-auto"
          >
            {team.addMember}
          </button>
        ) : null}
      </section>

      <div className="space-y-4">
        <CheckboxField meta={fields.consent} label={team.consent.label} />
        <PrivacyNote purpose={texts.privacyNote.team} />
      </div>

      <SubmitButton label={team.submit} pendingLabel={team.pending} className="sm:w-auto" />
    </Form>
  );
}
