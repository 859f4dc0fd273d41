import { declaredResponses, type DeclaredResponse, type Operation } from '@specwright/core';

/**
 * The declared responses a round trip sends with `reply()` (issue 34): every one, each at its
 * representative code (a 3xx included), except those the checker cannot send, each with its reason.
 */
export interface ReplyCase {
  declared: DeclaredResponse;
  /** The code the service replies with. */
  status: number;
  /** Why it is not sent; undefined when it is. */
  skip?: string;
}

export function replyCases(operation: Operation): ReplyCase[] {
  return declaredResponses(operation).map((declared) => {
    const status = declared.representative;
    const content = declared.response.contents[0];
    if (status === undefined) return { declared, status: 0, skip: `${declared.status}: no status code selects it` };
    // A 3xx is sent like an error: the reply has no `Location`, so fetch follows nothing and
    // hands it to the client as it is (a 304 without a body, a null-body status).
    if (status < 200) return { declared, status, skip: `${declared.status}: ${status} is an interim (1xx) status, never a final response a service can reply with` };
    if (content && content.kind !== 'json' && content.kind !== 'text') return { declared, status, skip: `${declared.status}: a ${content.contentType} reply body is outside the reply round trip` };
    return { declared, status };
  });
}
