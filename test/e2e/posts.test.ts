import { beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../support/make-photo';
import { baseUrl, browserSuite, DESKTOP, fitsWidth, PHONE } from './browser';
import { jpeg, readOnBlog, shot, signedIn } from './posts-helpers';

/**
 * The owner writes a post as they would: on a phone, in Markdown, with a photo from the camera
 * roll (a JPEG Chromium makes), with JavaScript and without; then reads it on /blog and sees the
 * photo drawn. Screenshots go to test-results/posts (or SHOTS_DIR). The Media page: media.test.ts.
 */

const suite = browserSuite('posts');
let photo: Buffer;
let cover: Buffer;

beforeAll(async () => {
  const maker = await suite.browser.newPage();
  photo = await makeJpeg(maker, 1200, 900, 'Gully after');
  cover = await makeJpeg(maker, 1600, 900, 'Cover');
  await maker.close();
});

describe('writing a post with a photo', () => {
  it('with JavaScript, at 375 px: Markdown with the toolbar, a photo from the camera roll, live preview, publish, on /blog', async () => {
    const { context, page, errors } = await signedIn(suite.browser, PHONE, true);
    await page.click('text=New post');
    await page.waitForSelector('.post-editor__toolbar');
    const title = `Phone post ${crypto.randomUUID().slice(0, 6)}`;
    await page.fill('#title', title);
    await page.fill('#category', 'Maintenance');
    await page.fill('#excerpt', 'Written on a phone with a photo.');
    await page.setInputFiles('#cover', jpeg('IMG_1001.jpg', cover));
    await expect.poll(() => page.locator('.picture-drop__thumb').count()).toBe(1);
    await page.fill('#image_alt', 'A manhole cover in a garden');

    await page.waitForSelector('.post-editor__visual-text');
    await page.click('.post-editor__visual-text');
    await page.click('.post-editor__tool--heading');
    await page.keyboard.type('Why gullies smell');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Most smells come from a dry trap. See our drain unblocking');
    for (let i = 0; i < 'our drain unblocking'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    // Link asks for the address (the page never shows [text](address)).
    page.once('dialog', (dialog) => void dialog.accept('/services/drain-unblocking'));
    await page.click('.post-editor__tool--link');
    await page.keyboard.press('End');
    await page.keyboard.type('.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.click('.post-editor__tool--list');
    await page.keyboard.type('Run the tap');
    // Enter continues the list; Enter on the empty bullet ends it.
    await page.keyboard.press('Enter');
    await page.keyboard.type('Pour hot water');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    const chooser = page.waitForEvent('filechooser');
    await page.click('.post-editor__tool--picture');
    await (await chooser).setFiles(jpeg('IMG_1002.jpg', photo));
    await page.fill('#picture-dialog-alt', 'Hot water poured into a gully');
    await shot(page, 'editor-js-dialog-375');
    await page.click('text=Insert picture');
    await expect
      .poll(() => page.inputValue('#content'))
      .toMatch(/!\[Hot water poured into a gully\]\(\/media\/[0-9a-f]{32}-1200x900\.jpg\)/);
    // The owner sees the picture itself in the text, not its Markdown.
    expect(await page.locator('.post-editor__visual-text img').getAttribute('alt')).toBe('Hot water poured into a gully');
    expect(await page.locator('.post-editor__visual-text').textContent()).not.toContain('![');
    expect(await page.inputValue('#content')).toContain(
      '## Why gullies smell\n\nMost smells come from a dry trap. See [our drain unblocking](/services/drain-unblocking).\n\n- Run the tap\n- Pour hot water\n',
    );

    // The preview is the server's rendering, the blog's own.
    await page.click('.post-editor__preview-toggle');
    await expect.poll(() => page.locator('.post-editor__preview .post-content h2').textContent()).toBe('Why gullies smell');
    expect(await page.locator('.post-editor__preview .post-content li').allTextContents()).toEqual([
      'Run the tap',
      'Pour hot water',
    ]);
    expect(await page.locator('.post-editor__preview .post-content a').getAttribute('href')).toBe('/services/drain-unblocking');
    await shot(page, 'editor-js-preview-375');
    await page.click('.post-editor__preview-toggle');
    await shot(page, 'editor-js-375');
    expect(await fitsWidth(page)).toBe(true);

    await page.click('button[value=save]:visible');
    expect(page.url()).toMatch(/\/admin\/posts\/\d+\/edit\?saved=created$/);
    expect(await page.locator('.admin-notice').first().textContent()).toContain('It is live at');
    await readOnBlog(suite.browser, title, 'post-js-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without JavaScript, at 375 px: the same post through the plain file inputs', async () => {
    const { context, page, errors } = await signedIn(suite.browser, PHONE, false);
    await page.goto(`${baseUrl()}/admin/posts/new`);
    // No toolbar shows (its place, kept for a script that starts, is not drawn without scripting),
    // and the help is the form's own.
    expect(await page.locator('.post-editor__toolbar:visible').count()).toBe(0);
    expect(await page.locator('#content-hint .post-editor__with-script:visible').count()).toBe(0);
    expect(await page.locator('#content-hint .post-editor__without-script:visible').count()).toBe(1);
    const title = `No-script post ${crypto.randomUUID().slice(0, 6)}`;
    await page.fill('#title', title);
    await page.fill('#category', 'Maintenance');
    await page.fill('#excerpt', 'Written on a phone without JavaScript.');
    await page.setInputFiles('#cover', jpeg('IMG_2001.jpg', cover));
    await page.fill('#image_alt', 'A manhole cover in a garden');
    await page.fill(
      '#content',
      '## Why gullies smell\n\nMost smells come from a dry trap. See [our drain unblocking](/services/drain-unblocking).\n\n- Run the tap\n- Pour hot water',
    );
    await page.setInputFiles('#picture', jpeg('IMG_2002.jpg', photo));
    await page.fill('#picture_alt', 'Hot water poured into a gully');
    await shot(page, 'editor-nojs-375');
    await page.click('button[value=picture]');
    expect(await page.locator('.admin-notice').first().textContent()).toContain('Picture added at the end of the text');
    expect(await page.inputValue('#content')).toMatch(
      /- Pour hot water\n\n!\[Hot water poured into a gully\]\(\/media\/[0-9a-f]{32}-1200x900\.jpg\)\n$/,
    );
    expect(await page.inputValue('#image_url')).toMatch(/^\/media\/[0-9a-f]{32}-1600x900\.jpg$/);
    // The cover drawn at its size: on a busy machine the resized picture takes more than a second.
    await expect
      .poll(() => page.locator('.admin-cover').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBe(1600);
    await shot(page, 'editor-nojs-added-375');
    expect(await fitsWidth(page)).toBe(true);
    await page.click('.admin-form__actions button[value=save]');
    await page.waitForURL(/\/admin\/posts\/\d+\/edit\?saved=created$/);
    await readOnBlog(suite.browser, title, 'post-nojs-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps unsaved text in the browser and offers it back after the tab is closed; preview beside the text at 1280 px', async () => {
    const { context, page, errors } = await signedIn(suite.browser, DESKTOP, true);
    await page.goto(`${baseUrl()}/admin/posts/new`);
    await page.waitForSelector('.post-editor__toolbar');
    await page.fill('#title', 'Half-written post');
    await page.waitForSelector('.post-editor__visual-text');
    await page.click('.post-editor__visual-text');
    await page.click('.post-editor__tool--heading');
    await page.keyboard.type('Not lost');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Typed before the tab closed.');
    const [text, preview] = [page.locator('.post-editor__visual-text'), page.locator('.post-editor__preview')];
    await expect.poll(() => preview.locator('h2').textContent()).toBe('Not lost');
    const [a, b] = [await text.boundingBox(), await preview.boundingBox()];
    expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
    expect(Math.abs(b!.y - a!.y)).toBeLessThan(2);
    await shot(page, 'editor-js-1280');
    await page.waitForTimeout(800);
    await page.close();

    const again = await context.newPage();
    await again.goto(`${baseUrl()}/admin/posts/new`);
    await again.waitForSelector('.post-editor__restore');
    expect(await again.inputValue('#content')).toBe('');
    await again.screenshot({ path: suite.shot('editor-restore-1280.png') });
    await again.click('text=Restore my text');
    expect(await again.inputValue('#title')).toBe('Half-written post');
    expect(await again.inputValue('#content')).toBe('## Not lost\n\nTyped before the tab closed.');
    // Restored into the visual editor too, as a heading and a paragraph.
    await expect.poll(() => again.locator('.post-editor__visual-text h2').textContent()).toBe('Not lost');
    expect(errors).toEqual([]);
    await context.close();
  });
});
