import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../support/make-photo';
import { baseUrl, browserSuite, fitsWidth, PHONE } from './browser';
import { mediaRowCount } from './local-d1';
import { jpeg, shot, signedIn } from './posts-helpers';

/**
 * The editor as the owner uses it on a phone (375 px): a post from a title and its text alone,
 * lists that continue on Enter, a picture chosen but never inserted that still reaches the post,
 * an upload with a real progress bar and a Cancel that leaves nothing behind, a camera photo made
 * smaller before it is sent; and the same post without JavaScript.
 */

const suite = browserSuite('posts');
let photo: Buffer;
let big: Buffer;
let bigCover: Buffer;

beforeAll(async () => {
  const maker = await suite.browser.newPage();
  photo = await makeJpeg(maker, 1200, 900, 'Gully');
  big = await makeJpeg(maker, 4000, 3000, 'Camera photo', 0.9);
  bigCover = await makeJpeg(maker, 3000, 4000, 'Cover photo', 0.9);
  await maker.close();
});

const slugOf = (title: string) => title.toLowerCase().replace(/\s+/g, '-');

async function newPost(page: Page, title: string) {
  await page.goto(`${baseUrl()}/admin/posts/new`);
  // The visual editor (its own chunk) has replaced the text box: the owner writes in it.
  await page.waitForSelector('.post-editor__visual-text');
  expect(await page.locator('#content').isVisible()).toBe(false);
  await page.fill('#title', title);
  await page.click('.post-editor__visual-text');
}

/** The published post's text pictures and paragraphs, read as a visitor does. */
async function readPost(slug: string) {
  const reader = await suite.browser.newPage({ viewport: PHONE });
  const res = await reader.goto(`${baseUrl()}/blog/${slug}`);
  const post = {
    status: res?.status(),
    pictures: await reader.locator('.post-content img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt'))),
    items: await reader.locator('.post-content li').allTextContents(),
    lead: await reader.locator('.post-content p').first().textContent(),
  };
  await reader.close();
  return post;
}

describe('the owner’s editor, with JavaScript, at 375 px', () => {
  it('publishes a post written from its title and text alone at a slug made from the title; Enter continues a list', async () => {
    const { context, page, errors } = await signedIn(suite.browser, PHONE, true);
    const title = `Smelly gully fix ${crypto.randomUUID().slice(0, 6)}`;
    await newPost(page, title);
    expect(await page.locator('#format').count()).toBe(0);
    expect(await page.locator('#slug').isVisible()).toBe(false);
    await page.keyboard.type('A dry trap is the usual cause.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // "- " starts a list, as in Markdown; Enter continues it (the Markdown behind it shows the new, empty item).
    await page.keyboard.type('- Run the tap');
    await page.keyboard.press('Enter');
    expect(await page.locator('.post-editor__visual-text li').count()).toBe(2);
    expect(await page.inputValue('#content')).toBe('A dry trap is the usual cause.\n\n- Run the tap\n-');
    await page.keyboard.type('Pour hot water');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Then ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('call us');
    expect(await page.inputValue('#content')).toBe(
      'A dry trap is the usual cause.\n\n- Run the tap\n- Pour hot water\n\nThen **call us**',
    );
    await shot(page, 'owner-new-post-375');
    expect(await fitsWidth(page)).toBe(true);
    await page.click('.admin-form__actions button[value=save]');
    expect(page.url()).toMatch(/\/admin\/posts\/\d+\/edit\?saved=created$/);
    expect(await page.locator('.admin-notice').first().textContent()).toContain(`/blog/${slugOf(title)}`);
    // Delete is at the end of the page, after the form and its Publish button.
    const [save, del] = [
      await page.locator('.admin-form__actions').boundingBox(),
      await page.locator('.admin-delete').boundingBox(),
    ];
    expect(del!.y).toBeGreaterThan(save!.y + save!.height);
    await shot(page, 'owner-edit-post-375');
    const post = await readPost(slugOf(title));
    expect(post).toMatchObject({ status: 200, items: ['Run the tap', 'Pour hot water'], lead: 'A dry trap is the usual cause.' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves along the toolbar with the arrow keys; Escape closes the picture panel and returns to Picture', async () => {
    const { context, page, errors } = await signedIn(suite.browser, PHONE, true);
    await newPost(page, 'Keyboard');
    await page.keyboard.press('Shift+Tab');
    const focused = () => page.evaluate(() => document.activeElement?.textContent);
    expect(await focused()).toBe('Heading');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('Bold');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('Show preview');
    await page.keyboard.press('Home');
    expect(await focused()).toBe('Heading');
    const chooser = page.waitForEvent('filechooser');
    await page.click('.post-editor__tool--picture');
    await (await chooser).setFiles(jpeg('IMG_4001.jpg', photo));
    await page.waitForSelector('#picture-dialog-alt:focus');
    await page.keyboard.press('Escape');
    expect(await page.locator('.picture-dialog').count()).toBe(0);
    expect(await focused()).toBe('Picture');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('puts a chosen picture that was never inserted into the post on Publish; without a description it asks first', async () => {
    const { context, page, errors } = await signedIn(suite.browser, PHONE, true);
    const title = `Forgotten picture ${crypto.randomUUID().slice(0, 6)}`;
    await newPost(page, title);
    await page.keyboard.type('The gully after we cleared it.');
    const chooser = page.waitForEvent('filechooser');
    await page.click('.post-editor__tool--picture');
    await (await chooser).setFiles(jpeg('IMG_5001.jpg', photo));
    // Publish with no description: the owner is asked, nothing is sent.
    await page.click('.admin-form__actions button[value=save]');
    await expect.poll(() => page.locator('#picture-dialog-error').textContent()).toContain('This picture is not in the post yet');
    expect(new URL(page.url()).pathname).toBe('/admin/posts/new');
    await shot(page, 'owner-picture-asked-375');
    await page.fill('#picture-dialog-alt', 'A clean gully');
    await page.click('.admin-form__actions button[value=save]');
    await page.waitForURL(/\/admin\/posts\/\d+\/edit\?saved=created$/);
    expect(await page.inputValue('#content')).toMatch(
      /^The gully after we cleared it\.\n\n!\[A clean gully\]\(\/media\/[0-9a-f]{32}-1200x900\.jpg\)$/,
    );
    expect((await readPost(slugOf(title))).pictures).toEqual(['A clean gully']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a 6 MB upload’s progress; Cancel stops it, inserts nothing and stores nothing', async () => {
    const { context, page, errors } = await signedIn(suite.browser, PHONE, true);
    await newPost(page, 'Cancelled upload');
    await page.keyboard.type('Text before.');
    // 6 MB: a real JPEG padded after its end (browsers and the server read it as the same picture).
    const sixMb = Buffer.concat([photo, Buffer.alloc(6 * 1024 * 1024 - photo.length, 0)]);
    const before = mediaRowCount();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: 4 * 1024 * 1024,
      uploadThroughput: 768 * 1024,
    });
    const chooser = page.waitForEvent('filechooser');
    await page.click('.post-editor__tool--picture');
    await (await chooser).setFiles(jpeg('IMG_6001.jpg', sixMb));
    await page.fill('#picture-dialog-alt', 'Never uploaded');
    const aborted = page.waitForEvent('requestfailed', (req) => req.url().endsWith('/admin/api/media'));
    await page.click('text=Insert picture');
    await expect.poll(() => page.locator('#picture-dialog-status').textContent()).toMatch(/^Uploading… ([1-9]|[1-8]\d)%$/);
    const value = Number(await page.locator('#picture-dialog-progress').getAttribute('value'));
    expect(value).toBeGreaterThan(0);
    expect(value).toBeLessThan(100);
    await shot(page, 'owner-upload-progress-375');
    await page.click('.picture-dialog >> text=Cancel');
    await aborted;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await page.locator('.picture-dialog').count()).toBe(0);
    await page.waitForTimeout(1500);
    expect(await page.inputValue('#content')).toBe('Text before.');
    expect(mediaRowCount()).toBe(before);
    expect(errors.filter((e) => !e.includes('net::ERR'))).toEqual([]);
    await context.close();
  });

  it('sends a 4000 x 3000 camera photo at most 2560 px wide, in the text and as the cover', async () => {
    const { context, page, errors } = await signedIn(suite.browser, PHONE, true);
    await newPost(page, 'Big photo');
    await page.keyboard.type('Straight from the camera.');
    const sent: number[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/admin/api/media')) sent.push(req.postDataBuffer()?.length ?? 0);
    });
    const chooser = page.waitForEvent('filechooser');
    await page.click('.post-editor__tool--picture');
    await (await chooser).setFiles(jpeg('IMG_7001.jpg', big));
    await page.fill('#picture-dialog-alt', 'A camera photo');
    await page.click('text=Insert picture');
    await expect
      .poll(() => page.inputValue('#content'), { timeout: 20_000 })
      .toMatch(/!\[A camera photo\]\(\/media\/[0-9a-f]{32}-2560x1920\.jpg\)/);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeLessThan(big.length);

    // The cover's file input does the same: the form sends the smaller photo, trimmed to 16:9.
    await page.setInputFiles('#cover', jpeg('IMG_7002.jpg', bigCover));
    await expect.poll(() => page.locator('.picture-drop__note').count()).toBe(1);
    await page.fill('#image_alt', 'A camera photo as the cover');
    await page.click('.admin-form__actions button[value=save]');
    await page.waitForURL(/saved=created$/);
    await page.click('summary.admin-more__summary');
    // The cover is trimmed to the blog's 16:9 around its middle before it is sent (3000 x 1688 of the
    // portrait photo, drawn 2560 wide), so the blog and a shared link show the same picture.
    expect(await page.inputValue('#image_url')).toMatch(/^\/media\/[0-9a-f]{32}-2560x1440\.jpg$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the same post without JavaScript, at 375 px', () => {
  it('publishes from title, text and a picture chosen in "Add a picture to the text", at a slug from the title', async () => {
    const { context, page, errors } = await signedIn(suite.browser, PHONE, false);
    await page.goto(`${baseUrl()}/admin/posts/new`);
    const title = `No script fix ${crypto.randomUUID().slice(0, 6)}`;
    await page.fill('#title', title);
    await page.fill('#content', 'A dry trap is the usual cause.\n\n- Run the tap\n- Pour hot water');
    await page.setInputFiles('#picture', jpeg('IMG_8001.jpg', photo));
    await page.fill('#picture_alt', 'Hot water into a gully');
    await shot(page, 'owner-nojs-new-post-375');
    // Publish straight away: the chosen picture is not dropped.
    await page.click('.admin-form__actions button[value=save]');
    expect(page.url()).toMatch(/\/admin\/posts\/\d+\/edit\?saved=created$/);
    const post = await readPost(slugOf(title));
    expect(post).toMatchObject({ status: 200, items: ['Run the tap', 'Pour hot water'], pictures: ['Hot water into a gully'] });
    expect(errors).toEqual([]);
    await context.close();
  });
});
