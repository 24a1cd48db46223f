import { Fragment, type ReactElement, cloneElement } from "react";

/**
 * A catalogue text with marked words, "With <strong>10+ clubs</strong> in …": each `<name>…</name>` becomes the
 * element given for `name`, with those words inside, where each language's sentence has them (in place of
 * react-i18next's Trans, which the browser no longer loads).
 */
export function TextWithTags({ text, tags }: { text: string; tags: Record<string, ReactElement> }) {
  const pieces = text.split(/<(\w+)>(.*?)<\/\1>/);
  // split() with two groups: text, tag name, tagged words, text, tag name, tagged words, ..., text.
  return (
    <>
      {pieces.map((piece, index) => {
        if (index % 3 === 0) return piece ? <Fragment key={index}>{piece}</Fragment> : null;
        if (index % 3 === 1) return null;
        const tag = tags[pieces[index - 1] ?? ""];
        return tag ? cloneElement(tag, { key: index }, piece) : piece;
      })}
    </>
  );
}
