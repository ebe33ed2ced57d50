// Ids in clean paths: `/tawDesigner/12.html` → 12; `?id=12` → 12. Anything else is no id (the 404 page).

export function idFromHtml(file: string | undefined): number | null {
  const match = /^(\d+)\.html$/.exec(file ?? '');
  return match?.[1] ? positiveId(match[1]) : null;
}

export function positiveId(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
