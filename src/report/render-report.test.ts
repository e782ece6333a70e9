import { describe, expect, it } from 'vitest';
import { renderHtmlReport } from './render-html-report.js';
import { renderMarkdownReport } from './render-markdown-report.js';
import { buildSampleRunReport } from './sample-run-report.js';

describe('run report rendering', () => {
  it('renders the timeline, candidates and advice to Markdown', () => {
    const markdown = renderMarkdownReport(buildSampleRunReport());
    expect(markdown).toContain('outcome: **verified**');
    expect(markdown).toContain('| 1 | 1 | model | guard-rejected | cheat-construct-added |');
    expect(markdown).toContain('```diff');
    expect(markdown).toContain('Instructor (guidance, not evidence)');
  });

  it('escapes untrusted text in the HTML page and loads nothing external', () => {
    const html = renderHtmlReport(buildSampleRunReport());
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html.match(/data-testid="timeline-step"/g)).toHaveLength(2);
  });
});
