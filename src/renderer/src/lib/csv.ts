/**
 * A cell a spreadsheet would read as a formula (OWASP "CSV Injection"): text beginning with
 * = + - @, a tab or a carriage return. A plain number such as -12.50 is left as it is, since a
 * spreadsheet reads it as that number and nothing else.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/**
 * One CSV field: quoted when it holds a comma, quote or line break (RFC 4180); text that would
 * start a formula gets a leading single quote, so the spreadsheet shows it as text, and is quoted.
 */
const field = (value: string | number): string => {
  const text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) {
    return `"'${text.replace(/"/g, '""')}"`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** CSV text with a byte-order mark, so Excel opens the Chinese correctly. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/** Offers text as a file download. */
export function downloadText(
  fileName: string,
  text: string,
  type = 'text/csv;charset=utf-8',
): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
