import { describe, expect, it } from 'vitest';
import { isSafeLink } from '../../../src/domain/links';

describe('isSafeLink', () => {
  it('rule: only http, https, mailto and tel links (or none) are safe', () => {
    for (const link of ['', '  ', 'https://crm.example.com/contacts/1', 'HTTP://example.com', 'mailto:anna@example.com', 'tel:+79000000000']) expect(isSafeLink(link), link).toBe(true);
  });

  it('rule: script and other schemes are not, however written (case, tabs, newlines, leading spaces), nor links without a scheme', () => {
    for (const link of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', 'data:text/html,x', 'vbscript:msgbox(1)', 'file:///etc/passwd', '//evil.example', 'example.com', 'ftp://example.com']) {
      expect(isSafeLink(link), JSON.stringify(link)).toBe(false);
    }
  });
});
