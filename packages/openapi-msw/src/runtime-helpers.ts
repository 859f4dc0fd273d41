/**
 * Fixed helper functions that `handlers.ts` contains when its mock data needs them. They hold no
 * spec text (DECISIONS: raw statements are hand-written code only).
 */
export const HELPERS = {
  mockText: `
/** A lorem word, lengthened with more words or cut to fit a length range. */
function mockText(minLength: number, maxLength?: number): string {
  let text = faker.lorem.word();
  while (text.length < minLength) text += faker.lorem.word();
  return maxLength === undefined ? text : text.slice(0, maxLength);
}`,
  mockRepeat: `
/** \`make()\` repeated between \`min\` and \`max\` times, joined. */
function mockRepeat(min: number, max: number, make: () => string): string {
  return Array.from({ length: faker.number.int({ min, max }) }, () =>
    make(),
  ).join("");
}`,
  mockFit: `
/** The first of a few tries that fits; else \`fallback\` (a value found when the file was generated), else the last try. */
function mockFit(
  make: () => string,
  fits: (text: string) => boolean,
  fallback?: string,
): string {
  let text = make();
  for (let attempt = 0; attempt < 50 && !fits(text); attempt++) text = make();
  return fits(text) ? text : (fallback ?? text);
}`,
  mockEmail: `
/** An e-mail address of \`minLength\` to \`maxLength\` (at least 6) characters: faker's, its user name cut or padded. */
function mockEmail(minLength: number, maxLength: number): string {
  const email = faker.internet.email();
  const at = email.lastIndexOf("@");
  const host = email.slice(at + 1);
  const domain =
    host.length + 2 <= maxLength
      ? host
      : \`\${faker.string.alpha({ length: maxLength - 5, casing: "lower" })}.io\`;
  let user = email
    .slice(0, Math.min(at, maxLength - domain.length - 1))
    .replace(/\\.+$/, "");
  if (user === "") user = faker.string.alpha({ length: 1, casing: "lower" });
  const missing = minLength - user.length - 1 - domain.length;
  if (missing > 0)
    user += faker.string.alphanumeric({ length: missing, casing: "lower" });
  return \`\${user}@\${domain}\`;
}`,
  mockRecord: `
/** An object with \`count\` entries under distinct random words. */
function mockRecord<T>(count: number, make: () => T): Record<string, T> {
  const record: Record<string, T> = {};
  for (
    let attempt = 0;
    Object.keys(record).length < count && attempt < count * 20 + 20;
    attempt++
  ) {
    record[faker.lorem.word()] = make();
  }
  return record;
}`,
  mockPathValue: `
/**
 * A path parameter's value, drawn again (a few times, then from the next of \`makes\`) while its
 * simple-style text is empty, \`.\` or \`..\`: no route takes an empty parameter, a URL cannot carry
 * a dot segment, and the client refuses both.
 */
function mockPathValue(...makes: (() => unknown)[]): unknown {
  const text = (value: unknown) =>
    Array.isArray(value)
      ? value.join(",")
      : typeof value === "object" && value !== null
        ? Object.entries(value).flat().join(",")
        : String(value);
  let value: unknown;
  for (const make of makes) {
    for (let attempt = 0; attempt < 50; attempt++) {
      value = make();
      if (!["", ".", ".."].includes(text(value))) return value;
    }
  }
  return value;
}`,
  mockUnique: `
/** \`count\` items that differ from each other (compared as JSON). */
function mockUnique<T>(count: number, make: () => T): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (
    let attempt = 0;
    items.length < count && attempt < count * 20 + 20;
    attempt++
  ) {
    const item = make();
    const key = JSON.stringify(item);
    if (!seen.has(key)) {
      seen.add(key);
      items.push(item);
    }
  }
  return items;
}`,
} as const;

/**
 * The answer of a form response (multipart or urlencoded, object schema): the mock object encoded
 * as the client reads it back. Strings as they are, arrays one part per item, anything else its
 * JSON text; the fields named in \`files\` (binary strings) as file parts of a multipart body.
 */
export const FORM_RESPONSE = `
async function formResponse(
  value: unknown,
  files: string[],
  multipart: boolean,
  status: number,
): Promise<Response> {
  const form = multipart ? new FormData() : new URLSearchParams();
  const fields =
    typeof value === "object" && value !== null ? Object.entries(value) : [];
  for (const [name, field] of fields) {
    for (const item of Array.isArray(field) ? (field as unknown[]) : [field]) {
      if (item === undefined) continue;
      const text = typeof item === "string" ? item : JSON.stringify(item);
      if (form instanceof FormData && files.includes(name))
        form.append(name, new Blob([text]), name);
      else form.append(name, text);
    }
  }
  const encoded = new Response(form);
  return new HttpResponse(await encoded.arrayBuffer(), {
    status,
    headers: { "Content-Type": encoded.headers.get("content-type") ?? "" },
  });
}`;

export type HelperName = keyof typeof HELPERS;
export const HELPER_NAMES = Object.keys(HELPERS) as HelperName[];
