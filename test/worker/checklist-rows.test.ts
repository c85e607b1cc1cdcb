import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { request } from './admin-helpers';
import { editorFields, editorPath, openEditor, press, problemBeside } from './checklist-helpers';
import { engineersJob, itemKey, sitePost } from './onsite-helpers';

/**
 * Checklists written as rows (issue 57), through the owner's plain form with JavaScript off:
 * rows added, filled, moved and removed without a save, then saved; the engineer's sheet asks
 * each question in the fields its kind takes; an edit keeps what was answered; bad input and a
 * stale save come back with what was typed; a checklist stored before rows opens as rows.
 */

const SERVICE = 'cctv-drain-survey';
const storedQuestions = async () =>
  JSON.parse(
    (await env.DB.prepare('SELECT questions FROM checklist_templates WHERE service = ?')
      .bind(SERVICE)
      .first<{ questions: string }>())!.questions,
  ) as { id: string; text: string; type: string }[];

describe('the owner writing a checklist as rows', () => {
  it('adds, fills, moves and removes rows without a save, saves, and the engineer answers each kind', async () => {
    await env.DB.prepare('DELETE FROM checklist_templates WHERE service = ?').bind(SERVICE).run();
    const { owner, engineer, lead } = await engineersJob('Rowan');
    const opened = await openEditor(owner, SERVICE);
    expect(opened.html).toContain('<h1 class="admin-title">CCTV Drain Surveys checklist</h1>');
    expect(opened.fields.get('rows')).toBe('1');
    expect(opened.fields.get('version')).toBe('0');

    // Row 1 typed, "Add a row": the same page with what was typed and one more empty row; nothing saved.
    let step = await press(owner, SERVICE, opened.fields, 'add', {
      'text-0': 'Defect found',
      'kind-0': 'distance',
      'choices-0': 'Crack\nRoot ingress\nDisplaced joint',
      'customer-0': 'yes',
    });
    expect(step.res.status).toBe(200);
    expect(step.fields.get('rows')).toBe('2');
    expect(step.fields.get('text-0')).toBe('Defect found');
    expect(step.fields.get('choices-0')).toBe('Crack\nRoot ingress\nDisplaced joint');
    expect(step.fields.get('customer-0')).toBe('yes');
    expect(step.fields.get('text-1')).toBe('');
    expect(await env.DB.prepare('SELECT 1 FROM checklist_templates WHERE service = ?').bind(SERVICE).first()).toBeNull();

    step = await press(owner, SERVICE, step.fields, 'add', { 'text-1': 'Pipe diameter', 'kind-1': 'number', 'unit-1': 'mm' });
    step = await press(owner, SERVICE, step.fields, 'add', { 'text-2': 'Delete me', 'kind-2': 'text' });
    // The diameter up above the defect; the stray row removed; two empty rows left, which a save leaves out.
    step = await press(owner, SERVICE, step.fields, 'up-1');
    expect(step.fields.get('text-0')).toBe('Pipe diameter');
    expect(step.fields.get('kind-0')).toBe('number');
    expect(step.fields.get('text-1')).toBe('Defect found');
    step = await press(owner, SERVICE, step.fields, 'remove-2');
    expect(step.fields.get('rows')).toBe('3');
    expect([...step.fields.values()]).not.toContain('Delete me');
    const saved = await press(owner, SERVICE, step.fields, 'save', { 'text-2': 'Roots found?', 'kind-2': 'yes-no' });
    expect(saved.res.status).toBe(303);
    expect(saved.res.headers.get('Location')).toBe(`${editorPath(SERVICE)}?saved=1`);
    const back = await openEditor(owner, SERVICE, '?saved=1');
    expect(back.html).toContain('Checklist saved.');
    expect(back.fields.get('rows')).toBe('4');
    expect(back.fields.get('version')).toBe('1');
    expect(await storedQuestions()).toEqual([
      { id: 'pipe-diameter', text: 'Pipe diameter', type: 'number', choices: [], unit: 'mm', forCustomer: false },
      {
        id: 'defect-found',
        text: 'Defect found',
        type: 'distance',
        choices: ['Crack', 'Root ingress', 'Displaced joint'],
        forCustomer: true,
      },
      { id: 'roots-found', text: 'Roots found?', type: 'yes-no', choices: [], forCustomer: false },
    ]);

    // The engineer's sheet: a number beside its unit, what was found from the list and how far along.
    const sheet = async () => (await request(`/admin/jobs/${lead.id}`, { cookie: engineer.cookie })).text();
    const html = await sheet();
    expect(html).toMatch(/<input id="question-pipe-diameter" inputMode="decimal"[^>]*name="answer"[^>]*\/><span>mm<\/span>/);
    expect(html).toContain('<option value="Root ingress">Root ingress</option>');
    expect(html).toContain('<label class="lead-form__label" for="question-defect-found-at">How far along</label>');
    const answer = (fields: Record<string, string>) =>
      sitePost(engineer, lead.id, 'checklist', { item_key: itemKey(), ...fields });
    expect((await answer({ question: 'pipe-diameter', answer: '100' })).status).toBe(200);
    expect((await answer({ question: 'defect-found', answer: 'Root ingress', at: '4,5' })).status).toBe(200);
    const refused = await answer({ question: 'pipe-diameter', answer: 'wide' });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ message: 'Type a number, like 100 or 1.5.' });
    const answered = await sheet();
    expect(answered).toMatch(/<input id="question-pipe-diameter"[^>]*value="100"/);
    expect(answered).toMatch(/<input id="question-defect-found-at"[^>]*value="4.5"/);
    const ownerPage = await (await request(`/admin/leads/${lead.id}`, { cookie: owner.cookie })).text();
    expect(ownerPage).toContain('<dt>Pipe diameter</dt><dd>100 mm</dd>');
    expect(ownerPage).toContain('<dt>Defect found</dt><dd>Root ingress at 4.5 m (in the customer’s report)</dd>');

    // Edited: the defect reworded keeps its answer; the diameter now in metres.
    const edit = await press(owner, SERVICE, back.fields, 'save', { 'text-1': 'Worst defect', 'unit-0': 'm' });
    expect(edit.res.status).toBe(303);
    const edited = await sheet();
    expect(edited).toContain('<label class="lead-form__label" for="question-defect-found">Worst defect</label>');
    expect(edited).toMatch(/<input id="question-defect-found-at"[^>]*value="4.5"/);
    expect(edited).toMatch(/<input id="question-pipe-diameter"[^>]*\/><span>m<\/span>/);
  }, 60_000);

  it('comes back with messages beside the fields and what was typed, and refuses a save from an older reading', async () => {
    await env.DB.prepare('DELETE FROM checklist_templates WHERE service = ?').bind(SERVICE).run();
    const { owner } = await engineersJob();
    const opened = await openEditor(owner, SERVICE);
    const bad = await press(owner, SERVICE, opened.fields, 'save', {
      'text-0': 'Pipe material',
      'kind-0': 'choice',
      'choices-0': 'Clay',
      rows: '2',
      'text-1': 'q'.repeat(201),
      'kind-1': 'yes-no',
    });
    expect(bad.res.status).toBe(422);
    expect(bad.html).toContain('The checklist was not saved: 2 questions need a look (marked below).');
    expect(problemBeside(bad.html, 'choices-0')).toBe('Write at least two choices, one a line.');
    expect(problemBeside(bad.html, 'text-1')).toBe('A question can be at most 200 characters (this one has 201).');
    expect(bad.fields.get('text-0')).toBe('Pipe material');
    expect(bad.fields.get('choices-0')).toBe('Clay');
    expect(bad.fields.get('text-1')).toBe('q'.repeat(201));

    // Two tabs read the same version: the first save wins, the second is refused with what it typed kept.
    const first = await press(owner, SERVICE, opened.fields, 'save', { 'text-0': 'Manholes lifted', 'kind-0': 'number' });
    expect(first.res.status).toBe(303);
    const second = await press(owner, SERVICE, opened.fields, 'save', { 'text-0': 'Jetted?', 'kind-0': 'yes-no' });
    expect(second.res.status).toBe(409);
    expect(second.html).toContain('Someone else saved this checklist after you opened the page, so yours was not saved.');
    expect(second.fields.get('text-0')).toBe('Jetted?');
    expect((await storedQuestions()).map((question) => question.text)).toEqual(['Manholes lifted']);
    // A post that does not say how many rows it had is refused, not read as an empty checklist.
    const broken = await press(owner, SERVICE, new Map([['version', '1']]), 'save');
    expect(broken.res.status).toBe(400);
    expect(broken.html).toContain('Open the checklist again and make the change there.');
    expect(await storedQuestions()).toHaveLength(1);
  }, 30_000);
});

describe('a checklist stored before rows', () => {
  it('opens as rows, keeps working on the engineer’s sheet, and saves back as it was', async () => {
    // Exactly what issue 50's line syntax stored for `Pipe material | choice: Clay, PVC, Pitch fibre | customer` and two more.
    const old =
      '[{"id":"pipe-material","text":"Pipe material","type":"choice","choices":["Clay","PVC","Pitch fibre"],"forCustomer":true},' +
      '{"id":"roots-found","text":"Roots found?","type":"yes-no","choices":[],"forCustomer":false},' +
      '{"id":"access-notes","text":"Access notes","type":"text","choices":[],"forCustomer":false}]';
    await env.DB.prepare(
      'INSERT OR REPLACE INTO checklist_templates (service, questions, version, updated_at) VALUES (?, ?, 7, 0)',
    )
      .bind(SERVICE, old)
      .run();
    const { owner, engineer, lead } = await engineersJob();
    const { html, fields } = await openEditor(owner, SERVICE);
    expect(fields.get('rows')).toBe('4');
    expect(fields.get('version')).toBe('7');
    expect([0, 1, 2].map((n) => [fields.get(`text-${n}`), fields.get(`kind-${n}`)])).toEqual([
      ['Pipe material', 'choice'],
      ['Roots found?', 'yes-no'],
      ['Access notes', 'text'],
    ]);
    expect(fields.get('choices-0')).toBe('Clay\nPVC\nPitch fibre');
    expect(fields.get('customer-0')).toBe('yes');
    expect(fields.has('customer-1')).toBe(false);
    expect(html).not.toContain('choice:');

    const sheet = await (await request(`/admin/jobs/${lead.id}`, { cookie: engineer.cookie })).text();
    expect(sheet).toContain('<option value="Pitch fibre">Pitch fibre</option>');
    expect(
      (await sitePost(engineer, lead.id, 'checklist', { item_key: itemKey(), question: 'roots-found', answer: 'Yes' })).status,
    ).toBe(200);
    const again = await press(owner, SERVICE, await editorFields(html, SERVICE), 'save');
    expect(again.res.status).toBe(303);
    expect(await storedQuestions()).toEqual(JSON.parse(old));
  }, 30_000);
});
