// The local server and a headless chromium driven by puppeteer-core, for the
// browser tests. CHROMIUM overrides the browser (default /usr/bin/chromium).
import puppeteer from 'puppeteer-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../serve.js';

// `start` makes the server (default: the table's, on any free port; null: none).
export async function open(start = () => serve(0)) {
  const server = start ? await start() : null;
  const base = server ? `http://127.0.0.1:${server.address().port}/` : null;
  const profile = mkdtempSync(join(tmpdir(), 'sternhalma-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    userDataDir: profile,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-dev-shm-usage'],
  });
  const close = async () => {
    await browser.close();
    if (server) await new Promise((resolve) => server.close(resolve));
    rmSync(profile, { recursive: true, force: true });
  };
  return { base, browser, close };
}
