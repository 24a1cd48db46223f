/** An inline program's built text (app/delivery/inline-scripts-plugin.ts). */
declare module "*?inline-script" {
  const text: string;
  export default text;
}
