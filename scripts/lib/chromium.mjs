// How our tools start Debian's Chromium here (Playwright and Lighthouse alike). The "disable" flags keep it from
// calling home: this machine's network refuses those connections, and runs must work offline.
export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
