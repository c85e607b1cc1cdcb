import { describe, expect, it } from 'vitest';
import { tidyVisualMarkdown } from '../../client/admin/visual-markdown';

describe("the visual editor's Markdown", () => {
  it('drops the empty paragraphs of Enter pressed twice, blank lines and a lone &nbsp;', () => {
    expect(tidyVisualMarkdown('A dry trap.\n\n\n\n- Run the tap\n- Pour hot water\n\n\n\n&nbsp;')).toBe(
      'A dry trap.\n\n- Run the tap\n- Pour hot water',
    );
    expect(tidyVisualMarkdown('&nbsp;\n\n## Title\n\nText &nbsp; stays.\n\n')).toBe('## Title\n\nText &nbsp; stays.');
  });

  it('leaves fenced code as it is', () => {
    const code = '```\nline one\n\n\n\nline two\n```';
    expect(tidyVisualMarkdown(`Intro\n\n\n\n${code}\n\n\n\nAfter`)).toBe(`Intro\n\n${code}\n\nAfter`);
  });
});
