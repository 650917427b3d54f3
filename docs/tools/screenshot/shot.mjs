// node shot.mjs PAGE.html OUT.png — a screenshot of a built page in headless
// chromium (CHROMIUM overrides /usr/bin/chromium), 1280 x 960 CSS pixels.
// A request the page makes that fails (a stylesheet, a script, an image) or
// a script error is an error: the page must load whole from the disk.
import puppeteer from 'puppeteer-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [page_path, out] = process.argv.slice(2);
if (!page_path || !out) {
  console.error('usage: node shot.mjs PAGE.html OUT.png');
  process.exit(2);
}
const profile = mkdtempSync(join(tmpdir(), 'sternhalma-docs-chromium-'));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  userDataDir: profile,
  // The flags of the browser table's test (examples/web/test/browser.js).
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--disable-dev-shm-usage'],
});
const problems = [];
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 960 });
  page.on('pageerror', (e) => problems.push(`script error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`${r.url()}: ${r.failure()?.errorText}`));
  await page.goto(pathToFileURL(resolve(page_path)).href, { waitUntil: 'load' });
  await page.screenshot({ path: out });
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
if (problems.length) {
  for (const p of problems) console.error(`shot.mjs: ${p}`);
  process.exit(1);
}
