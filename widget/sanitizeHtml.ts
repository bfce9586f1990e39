/**
 * widget/get-products answers an HTML fragment. Our server escapes every value in it, but the widget
 * does not take that on trust: the fragment is parsed inert (a <template> runs no script and loads no
 * image) and rebuilt from an allow-list of table and text elements with a few plain attributes, so a
 * product named `<img src=x onerror=alert(1)>` can only ever show as text.
 */
const ALLOWED_TAGS = new Set(['TABLE', 'THEAD', 'TBODY', 'TFOOT', 'TR', 'TH', 'TD', 'BR', 'SMALL', 'DIV', 'SPAN', 'B', 'STRONG', 'I', 'EM', 'P', 'UL', 'OL', 'LI']);
/** Dropped with everything inside them; any other unknown element is replaced by its text. */
const DROPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'IFRAME', 'OBJECT', 'EMBED', 'SVG', 'MATH', 'NOSCRIPT', 'TITLE']);
const ALLOWED_ATTRIBUTES = new Set(['class', 'colspan', 'rowspan', 'data-position-id', 'data-identifier']);

function cleanChildren(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === 3) {
      to.appendChild(doc.createTextNode(child.textContent ?? ''));
    } else if (child.nodeType === 1) {
      const element = child as Element;
      const tag = element.tagName.toUpperCase();
      if (DROPPED_TAGS.has(tag)) continue;
      if (!ALLOWED_TAGS.has(tag)) {
        cleanChildren(element, to, doc);
        continue;
      }
      const copy = doc.createElement(tag.toLowerCase());
      for (const attribute of Array.from(element.attributes)) {
        if (ALLOWED_ATTRIBUTES.has(attribute.name.toLowerCase())) copy.setAttribute(attribute.name, attribute.value);
      }
      cleanChildren(element, copy, doc);
      to.appendChild(copy);
    }
  }
}

export function sanitizeHtml(html: string, doc: Document = document): string {
  const template = doc.createElement('template');
  template.innerHTML = html;
  const out = doc.createElement('div');
  cleanChildren(template.content, out, doc);
  return out.innerHTML;
}
