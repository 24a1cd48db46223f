import { fillText } from "~/i18n/text";
import type { FieldMetadata } from "@conform-to/react";
import { type AnyField, FieldError, FormMessage, SelectField, TextField } from "~/components/form-fields/field";
import { PhoneField } from "~/components/form-fields/phone-field";
import { useFormTexts } from "~/components/form-fields/use-form-texts";
import { memberGenderOptions, memberRoleOptions } from "~/forms/team-registration";
import type { TeamMemberInput, TeamRegistrationInput } from "~/forms/team-registration-schema";

/**
 * The id of member row `number` (1-based, as its heading counts): Add Member and Remove without JavaScript send the
 * form to the page's address with this fragment, so the answer opens at the row the visitor is working on.
 */
export const memberRowId = (number: number) => `member-${number}`;

type MemberDetail = "name" | "email" | "phone" | "gender" | "institution" | "skills";

/**
 * A member's details, asked the same way by the team form's rows and by Add a member. Only the leader's row is the
 * student at the keyboard, so only there may the browser fill in their own details.
 */
export function MemberDetailsFields({
  fields,
  ownDetails = false,
}: {
  fields: Record<MemberDetail, AnyField>;
  ownDetails?: boolean;
}) {
  const texts = useFormTexts();
  const words = texts.member;
  const autoComplete = (own: string) => (ownDetails ? own : "off");
  return (
    <>
      <TextField meta={fields.name} label={words.name.label} autoComplete={autoComplete("name")} />
      <TextField meta={fields.email} label={words.email.label} type="email" autoComplete={autoComplete("email")} />
      <PhoneField meta={fields.phone} label={words.phone.label} autoComplete={autoComplete("tel")} />
      <SelectField
        meta={fields.gender}
        label={words.gender.label}
        options={memberGenderOptions(texts)}
        placeholder={words.gender.placeholder}
      />
      <TextField
        meta={fields.institution}
        label={words.institution.label}
        autoComplete={autoComplete("organization")}
      />
      <TextField meta={fields.skills} label={words.skills.label} hint={words.skills.hint} />
    </>
  );
}

/**
 * One member row of the team form. Row 1 is the leader: its role is fixed and it has no Remove
 * button. The Remove button is an intent button (see the route's action), so it works without JavaScript.
 */
export function MemberFieldset({
  member,
  index,
  removeButton,
}: {
  member: FieldMetadata<TeamMemberInput, TeamRegistrationInput, string[]>;
  index: number;
  removeButton?: React.ComponentPropsWithoutRef<"button">;
}) {
  const fields = member.getFieldset();
  const isLeader = index === 0;
  const texts = useFormTexts();
  const words = texts.member;
  const title = fillText(isLeader ? words.leaderTitle : words.title, { number: index + 1 });

  return (
    <fieldset id={memberRowId(index + 1)} className="rounded-xl border border-slate-300 bg-white p-4 shadow-sm sm:p-5">
      {/* A heading as well as the group's name: a page opened at this row (or read by headings) says where it is. */}
      <legend className="px-1">
        <h3 className="text-base font-semibold text-ink">{title}</h3>
      </legend>
      <FieldError meta={member} />
      <div className="grid gap-4 sm:grid-cols-2">
        <MemberDetailsFields fields={fields} ownDetails={isLeader} />
        {isLeader ? (
          <div>
            <input type="hidden" name={fields.role.name} value="leader" />
            <p className="mb-1 text-sm font-semibold text-neutral-800">{words.role.label}</p>
            <p className="py-2 text-neutral-900">{words.role.leader}</p>
            {/* Only a hand-made request can send another role here; it still hears why it was refused. */}
            <FormMessage messages={fields.role.errors} />
          </div>
        ) : (
          <SelectField
            meta={fields.role}
            label={words.role.label}
            options={memberRoleOptions(texts)}
            placeholder={words.role.placeholder}
          />
        )}
      </div>
      {removeButton ? (
        <div className="mt-4 flex justify-end">
          <button
            {...removeButton}
            type="submit"
            aria-label={fillText(words.removeLabel, { title })}
            className="rounded-md border border-red-700 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 focus-ring"
          >
            {words.remove}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
