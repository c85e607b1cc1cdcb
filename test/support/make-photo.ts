import type { Page } from 'playwright-core';

/**
 * A real JPEG that browsers draw, made by Chromium's own encoder (an OffscreenCanvas in `page`,
 * which must run JavaScript): a sky, a garden, a manhole and a label. Used by the browser tests
 * and the benchmark's post with a photo; nothing is read from disk or the network.
 */
export async function makeJpeg(page: Page, width: number, height: number, label: string, quality = 0.8): Promise<Buffer> {
  const bytes = await page.evaluate(
    async ({ width, height, label, quality }) => {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d')!;
      const sky = ctx.createLinearGradient(0, 0, 0, height * 0.6);
      sky.addColorStop(0, '#7cc4f5');
      sky.addColorStop(1, '#e8f1fb');
      ctx.fillStyle = sky;
      ctx.fillRect(0, 0, width, height);
      ctx.fillStyle = '#4d7c0f';
      ctx.fillRect(0, height * 0.6, width, height * 0.4);
      ctx.fillStyle = '#94a3b8';
      ctx.fillRect(width * 0.3, height * 0.68, width * 0.4, height * 0.22);
      ctx.fillStyle = '#334155';
      ctx.beginPath();
      ctx.ellipse(width * 0.5, height * 0.79, width * 0.14, height * 0.07, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#0a2540';
      ctx.font = `bold ${Math.round(height / 12)}px sans-serif`;
      ctx.fillText(label, width * 0.05, height * 0.15);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    },
    { width, height, label, quality },
  );
  return Buffer.from(bytes);
}
