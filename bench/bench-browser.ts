import { chromium, type Browser } from '@playwright/test';

/** Debian's Chromium as the browser benches drive it: no sandbox, no GPU, no background traffic. */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
