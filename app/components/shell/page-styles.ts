import stylesheet from "~/app.css?inline";

/**
 * The whole site's stylesheet (about 12 kB before compression), written into every page's <head> by the server, so
 * nothing but the HTML stands between a visitor and the first paint. The browser keeps the server's copy through
 * hydration and client navigations: its bundle of this module carries none of the CSS (the condition is decided at
 * build time), so the stylesheet is never downloaded twice.
 */
export const pageStylesheet: string = import.meta.env.SSR ? stylesheet : "";

/** Hidden when scripting is off: the loader and controls that only work with JavaScript. */
export const withoutJavaScriptStyles = "#loading-screen,[data-requires-js]{display:none!important}";
