import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './admin-fixture';
import { baseUrl, browserSuite, DESKTOP, fitsWidth, PHONE } from './browser';
import { queryLocalD1 } from './local-d1';

/**
 * The owner writes a service's checklist on a phone without JavaScript and without any syntax
 * (issue 57): a row per question, the kind of answer chosen from a list, the boxes that kind
 * takes shown (by CSS alone), "Add a row", a problem shown beside its field with what was typed
 * kept, then saved and edited (reworded, moved up). Nothing scrolls sideways; every control is
 * 16 px text and 44 px tall. Screenshots at 375 and 1280 px in test-results/checklists.
 */

const suite = browserSuite('checklists');
const SERVICE = 'root-cutting';

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: suite.shot(`${name}-375.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: suite.shot(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize(PHONE);
}

/** Controls smaller than 44 px or with text under 16 px, by what they say. */
const smallControls = (page: Page) =>
  page.$$eval(
    '.checklist-editor :is(input:not([type=hidden]), select, textarea, button:not(.visually-hidden)), .checklist-link',
    (all) =>
      all
        .filter((el) => {
          // A tick box is tapped by its whole label, which is the target; its text is the label's.
          const box = el instanceof HTMLInputElement && el.type === 'checkbox' ? el.closest('label') : el;
          const rect = box!.getBoundingClientRect();
          if (rect.width === 0) return false; // hidden: a box this kind of answer does not take
          return rect.height < 44 || Number.parseFloat(getComputedStyle(box!).fontSize) < 16;
        })
        .map((el) => `${el.tagName} ${el.getAttribute('name') ?? el.textContent}`),
  );

const visible = (page: Page, selector: string) => page.locator(selector).isVisible();

describe('the owner writing a checklist on a phone', () => {
  it('writes and edits it as rows, with no syntax and nothing scrolling sideways', async () => {
    const { page, context } = await signedInAdmin(suite.browser, '/admin/on-site', { viewport: PHONE });
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'on-site');
    await page.click(`a[href="/admin/on-site/checklists/${SERVICE}"]`);
    expect(await page.locator('h1').textContent()).toMatch(/checklist$/);
    expect(await page.locator('.checklist-editor').textContent()).not.toMatch(/\||choice:/);

    // Row 1: a choice. Its choices box shows once the kind is chosen; the unit box does not.
    await page.fill('#text-0', 'Root mass found');
    expect(await visible(page, '#choices-0')).toBe(false);
    await page.selectOption('#kind-0', 'choice');
    expect(await visible(page, '#choices-0')).toBe(true);
    expect(await visible(page, '#unit-0')).toBe(false);
    await page.fill('#choices-0', 'Light\nHeavy');
    await page.check('input[name="customer-0"]');
    await page.click('button[value="add"]');
    expect(await page.inputValue('#text-0')).toBe('Root mass found');
    expect(await page.inputValue('#choices-0')).toBe('Light\nHeavy');

    // Row 2: a number with its unit; row 3 left with a choice of one: refused beside it, all kept.
    await page.selectOption('#kind-1', 'number');
    expect(await visible(page, '#unit-1')).toBe(true);
    await page.fill('#text-1', 'Length cut');
    await page.fill('#unit-1', 'm');
    await page.click('button[value="add"]');
    await page.fill('#text-2', 'Pipe material');
    await page.selectOption('#kind-2', 'choice');
    await page.fill('#choices-2', 'Clay');
    await page.click('.checklist-editor__end button[value="save"]');
    expect(await page.locator('#choices-2-error').textContent()).toBe('Write at least two choices, one a line.');
    expect(await page.locator('[role=alert]').textContent()).toContain('One question needs a look');
    expect(await page.inputValue('#text-1')).toBe('Length cut');
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'editor-problem');
    await page.fill('#choices-2', 'Clay\nPVC\nPitch fibre');
    await page.click('.checklist-editor__end button[value="save"]');
    expect(await page.locator('[role=status]').textContent()).toContain('Checklist saved.');
    expect(await smallControls(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await shoot(page, 'editor-saved');

    // Edited: "Length cut" reworded and moved to the top, the row ids kept.
    await page.fill('#text-1', 'Length of pipe cleared');
    await page.click('button[value="up-1"]');
    expect(await page.inputValue('#text-0')).toBe('Length of pipe cleared');
    expect(await page.inputValue('#unit-0')).toBe('m');
    await page.click('.checklist-editor__end button[value="save"]');
    expect(await page.locator('[role=status]').textContent()).toContain('Checklist saved.');
    const [stored] = queryLocalD1<{ questions: string; version: number }>(
      `SELECT questions, version FROM checklist_templates WHERE service = '${SERVICE}'`,
    );
    expect(stored!.version).toBe(2);
    expect((JSON.parse(stored!.questions) as { id: string; text: string }[]).map((q) => [q.id, q.text])).toEqual([
      ['length-cut', 'Length of pipe cleared'],
      ['root-mass-found', 'Root mass found'],
      ['pipe-material', 'Pipe material'],
    ]);
    await page.goto(`${baseUrl()}/admin/on-site`);
    expect(await page.locator(`.admin-item:has(a[href$="${SERVICE}"]) .admin-item__meta`).textContent()).toBe('3 questions');
    await context.close();
  }, 120_000);
});
