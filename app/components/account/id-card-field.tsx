import { fillText } from "~/i18n/text";
import { useEffect, useState } from "react";
import { TextField } from "~/components/form-fields/field";
import { useFormTexts } from "~/components/form-fields/use-form-texts";

/**
 * The registration form's ID card upload: image files only, previewed. With scripts the chosen
 * image is previewed from a local object URL; nothing is read or sent until the form is submitted.
 */
export function IdCardField({ meta, note }: { meta: Parameters<typeof TextField>[0]["meta"]; note?: string }) {
  const [preview, setPreview] = useState<{ url: string; name: string }>();
  const { idCard } = useFormTexts();

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  return (
    <div>
      <TextField
        meta={meta}
        label={idCard.label}
        type="file"
        accept="image/*"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          setPreview(
            file && file.type.startsWith("image/") ? { url: URL.createObjectURL(file), name: file.name } : undefined,
          );
        }}
        hint={
          <>
            <p>{idCard.hint}</p>
            {note ? <p className="mt-1 font-medium text-amber-900">{note}</p> : null}
          </>
        }
      />
      {preview ? (
        <img
          src={preview.url}
          alt={fillText(idCard.preview, { name: preview.name })}
          className="mt-3 max-h-56 w-auto rounded-lg border border-slate-300 object-contain"
        />
      ) : null}
    </div>
  );
}
