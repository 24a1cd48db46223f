import { createContext, type ReactNode, useContext } from "react";

/**
 * Without scripts a refused form comes back as a new page, which the browser opens at its top: the message could be a
 * screen or more below (an ID card refused by its field at the foot of the registration form). So the first message
 * on the page, a field's or the form's, asks for `autofocus`: the browser lands on it, and a screen reader reads the
 * field's name with its message. One per page, as HTML allows. With scripts conform moves the focus to the first
 * invalid field itself, and React ignores `autofocus` when it hydrates the page.
 *
 * The page renders its parts in document order, so the first to ask is the first on the page; a part rendered again
 * alone asks again with the same answer.
 */
const FirstMessageContext = createContext<((key: string) => boolean) | undefined>(undefined);

/** Around the page's content (root.tsx): the first message inside it gets the focus when the page loads. */
export function FirstMessageFocus({ children }: { children: ReactNode }) {
  let first: string | undefined;
  const isFirst = (key: string) => (first ??= key) === key;
  return <FirstMessageContext value={isFirst}>{children}</FirstMessageContext>;
}

/**
 * The attributes of the element that shows the message of `key` (a field's id, a form message's id): `autofocus` when
 * it is the page's first. Only a message that is shown asks. (jsx-a11y's no-autofocus rule warns of focus that moves by
 * itself when a page opens; here it moves only on the page that answers the visitor's own submit, to what it says.)
 */
export function useFocusOnLoad(key: string, shown: boolean): { autoFocus?: true } {
  const isFirst = useContext(FirstMessageContext);
  return shown && isFirst !== undefined && isFirst(key) ? { autoFocus: true } : {};
}
