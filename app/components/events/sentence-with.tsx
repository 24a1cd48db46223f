import { Fragment, type ReactNode } from "react";

/**
 * A translated sentence with elements in it (a team's name in bold), without parsing markup out of the catalogue:
 * the caller translates with `slot(0)`, `slot(1)`… as the values of the placeholders, and each slot becomes its
 * node. Names a student typed never pass through a markup parser, so "<b>" in a team name stays text.
 */
export const slot = (index: number) => `\uE000${index}\uE000`;

export function SentenceWith({ text, nodes }: { text: string; nodes: ReactNode[] }) {
  return (
    <>
      {text.split(/\uE000(\d+)\uE000/).map((part, index) => (
        // Odd parts are the slots' numbers; even parts are the sentence's own text.
        <Fragment key={index}>{index % 2 === 1 ? nodes[Number(part)] : part}</Fragment>
      ))}
    </>
  );
}
