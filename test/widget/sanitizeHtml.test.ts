import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../widget/sanitizeHtml';

describe('widget products html is shown only as sanitized markup', () => {
  it('keeps the table the server sends, with its plain attributes', () => {
    const html = '<table class="stockroom-products"><tbody><tr data-position-id="3"><td colspan="2">Drill<br><small>DR-1</small></td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('a product named <img src=x onerror=alert(1)> can only be text', () => {
    const out = document.createElement('div');
    out.innerHTML = sanitizeHtml('<table><tr><td><img src=x onerror=alert(1)>Drill</td></tr></table>');
    expect(out.querySelector('img')).toBeNull();
    expect(out.innerHTML).not.toContain('onerror');
    expect(out.textContent).toBe('Drill');
    // Escaped by the server, it stays visible text.
    out.innerHTML = sanitizeHtml('<td>&lt;img src=x onerror=alert(1)&gt;</td>');
    expect(out.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(out.querySelector('img')).toBeNull();
  });

  it('drops scripts, styles, frames and event or style attributes; unknown elements leave their text', () => {
    const clean = sanitizeHtml('<div onclick="x()" style="color:red" class="a"><script>alert(1)</script><iframe src="//evil"></iframe><a href="javascript:alert(1)">link</a><style>*{}</style></div>');
    expect(clean).toBe('<div class="a">link</div>');
  });
});
