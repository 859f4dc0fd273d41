/** Checks on the text of a remote location (`input_openapi`, a `$ref`, a redirect's `Location`). */

/** Whether an `input_openapi` names a remote spec rather than a path. */
export function isRemoteInput(input: string): boolean {
  return /^https?:\/\//i.test(input);
}

/**
 * Why an http(s) `input_openapi` cannot be fetched, or undefined when it can: it must parse as a
 * URL (a port past 65535 or a space in the host does not), and carry no credentials, which fetch
 * refuses and which every message would otherwise print into CI logs.
 */
export function remoteInputProblem(input: string): string | undefined {
  if (!URL.canParse(input)) return `"${redactCredentials(input)}" is not a valid URL (check the host and the port)`;
  if (hasCredentials(new URL(input))) return `"${redactCredentials(input)}" has credentials in it, ${CREDENTIALS_ADVICE}`;
  return undefined;
}

export const CREDENTIALS_ADVICE =
  'which are not supported: download the document first (for example with curl in a CI step) and name the file, or serve it without a login';

export function hasCredentials(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}

/**
 * The text with the user and password of a URL in it replaced by `***`, for messages: it works
 * on text that does not parse too (`http://u:p@exa mple.com`), since that is echoed as well.
 */
export function redactCredentials(text: string): string {
  return text.replace(/^(\s*(?:[a-z][a-z0-9+.-]*:)?[/\\]{2})[^/\\?#]*@/i, '$1***@');
}
