import stylesheet from "~/app.css?inline";

/** The attribute of the `<style>` element that holds the stylesheet (root.tsx), so the browser can find it. */
const pageStylesheetAttribute = "data-page-styles";

/**
 * The whole site's stylesheet (about 65 kB, 12 kB compressed), written into every page's <head> by the server, so
 * nothing but the HTML stands between a visitor and the first paint. The browser's bundle of this module carries
 * none of the CSS (the condition is decided at build time), so the stylesheet is never downloaded twice.
 */
export const pageStylesheet: string = import.meta.env.SSR ? stylesheet : pageStylesheetInThisPage();

/**
 * In the browser: the stylesheet as the server wrote it, read once from the page. Should React ever render the
 * document afresh (it does after an error it cannot hydrate past), the new <style> is the same, so the page keeps its
 * look and the Content-Security-Policy still allows it by its hash.
 */
function pageStylesheetInThisPage(): string {
  return typeof document === "undefined"
    ? ""
    : (document.querySelector(`style[${pageStylesheetAttribute}]`)?.textContent ?? "");
}

/** Hidden when scripting is off: the loader and controls that only work with JavaScript. */
export const withoutJavaScriptStyles = "#loading-screen,[data-requires-js]{display:none!important}";
