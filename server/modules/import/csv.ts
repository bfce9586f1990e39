/**
 * CSV as spreadsheet programs save it: a header line, the delimiter guessed from it (comma, semicolon or tab — a
 * Russian Excel writes semicolons), quoted cells with doubled quotes and line breaks inside, UTF-8 with or without
 * a byte order mark, else Windows-1251 (what Excel in Russian saves as 'CSV').
 */

export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

function delimiterOf(text: string): string {
  const end = text.indexOf('\n');
  const header = end < 0 ? text : text.slice(0, end);
  const counts = [',', ';', '\t'].map((char) => ({ char, n: header.split(char).length }));
  return counts.sort((a, b) => b.n - a.n)[0].char;
}

/** The rows of a CSV text, one array of cells per line (quoted line breaks stay inside their cell). */
export function* csvRows(text: string): Generator<string[]> {
  const delimiter = delimiterOf(text);
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      yield row;
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    yield row;
  }
}
