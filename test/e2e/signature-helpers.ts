import type { Page } from 'playwright-core';

/**
 * A signature drawn with the mouse on the job sheet's signature box: two strokes across it. The
 * box is brought to the middle of the screen first, where the waiting bar at its foot (issue 57)
 * cannot take the strokes meant for it.
 */
export async function sign(page: Page) {
  await page.locator('.signature-pad__box').evaluate((box) => box.scrollIntoView({ block: 'center' }));
  const box = (await page.locator('.signature-pad__box').boundingBox())!;
  for (const [from, to] of [
    [0.1, 0.8],
    [0.3, 0.6],
  ] as const) {
    await page.mouse.move(box.x + box.width * from, box.y + box.height * 0.7);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) {
      const x = from + ((to - from) * step) / 8;
      await page.mouse.move(box.x + box.width * x, box.y + box.height * (0.7 - 0.4 * Math.sin(step / 2)));
    }
    await page.mouse.up();
  }
}
