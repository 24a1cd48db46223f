import { useEffect, useRef } from "react";

/**
 * What the server's HTML does in the browser beyond links and forms (the bar that hides on scroll, the menu's keys,
 * the popup's backdrop, the carousel's buttons...), written once as plain DOM code and used two ways:
 *
 * - on a page that ships no framework (its delivery's `framework: "none"`, app/delivery/delivery.ts), the inline
 *   behaviours program (app/delivery/inline/behaviours.ts) attaches every behaviour it finds by its `data-behaviour`
 *   attribute;
 * - on a page React runs, the component that renders the element attaches the same function in an effect.
 *
 * The inline program is bundled from these modules at build time, so a behaviour may import what it needs; whatever it
 * imports goes into every page's inline program, so it imports no React and nothing large.
 */
export interface Behaviour<Settings> {
  /** The value of the element's `data-behaviour` attribute. */
  name: string;
  /** Gives the element its behaviour; returns what undoes it. */
  attach: (element: HTMLElement, settings: Settings) => () => void;
  settings: Settings;
}

/**
 * The props that give a React element its behaviour: its name, for the inline script of pages without the framework,
 * and a ref through which the component attaches it once mounted (and detaches it when unmounted).
 */
export function useBehaviour<Element extends HTMLElement, Settings>(behaviour: Behaviour<Settings>) {
  const ref = useRef<Element>(null);
  useEffect(() => (ref.current ? behaviour.attach(ref.current, behaviour.settings) : undefined), [behaviour]);
  return { ref, "data-behaviour": behaviour.name };
}
