/**
 * The runtime of declared error responses in `client.ts` (issue 34): how a non-2xx body is read
 * with the schema its status declares. Kept apart from the request helpers so each grows alone.
 */

/** A fixed piece of runtime code (see `client-runtime.ts`). */
export interface ErrorHelper {
  code: string;
  uses: string[];
  zod?: boolean;
}

export const ERROR_HELPERS: Record<string, ErrorHelper> = {
  ReadError: {
    code: `
/** A declared error body: parsed when it passed its schema, else as received with \`issues\`. */
interface ReadError {
  body: unknown;
  issues?: ValidationIssue[];
}`,
    uses: [],
  },
  ErrorReader: {
    code: `type ErrorReader = (response: Response) => Promise<ReadError>;`,
    uses: ['ReadError'],
  },
  declaredErrorKey: {
    code: `
/** The declared key a status selects: its code, else its range (\`4XX\`), else \`default\`. */
function declaredErrorKey(
  errors: Record<string, ErrorReader> | undefined,
  status: number,
): string | undefined {
  if (errors === undefined) return undefined;
  const range = \`\${Math.floor(status / 100)}XX\`;
  for (const key of [String(status), range, "default"])
    if (key in errors) return key;
  return undefined;
}`,
    uses: ['ErrorReader'],
  },
  checkError: {
    code: `
function checkError(schema: z.ZodType<unknown>, body: unknown): ReadError {
  const result = schema.safeParse(body);
  return result.success
    ? { body: result.data }
    : { body, issues: toValidationIssues(result.error.issues) };
}`,
    uses: ['ErrorReader', 'toValidationIssues'],
    zod: true,
  },
  readJsonError: {
    code: `
function readJsonError(schema: z.ZodType<unknown>): ErrorReader {
  return async (response) => {
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      return {
        body: text === "" ? null : text,
        issues: [{ path: [], message: "The response body is not valid JSON" }],
      };
    }
    return checkError(schema, body);
  };
}`,
    uses: ['checkError'],
    zod: true,
  },
  readTextError: {
    code: `
function readTextError(schema: z.ZodType<unknown>): ErrorReader {
  return async (response) => checkError(schema, await response.text());
}`,
    uses: ['checkError'],
    zod: true,
  },
  readUncheckedError: {
    code: `
/** A declared status without a schema: any body is its body (JSON, text, or null when empty). */
async function readUncheckedError(response: Response): Promise<ReadError> {
  const text = await response.text();
  if (text === "") return { body: null };
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return { body: text };
  }
}`,
    uses: ['ErrorReader'],
  },
};
