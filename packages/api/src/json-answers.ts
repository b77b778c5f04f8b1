/**
 * Answers whose JSON text can be made from pieces kept between requests (a listing's JSON is the same on every
 * page that shows it): a transport asks for that text (jsonOf) instead of serialising the whole answer again. The
 * text is exactly JSON.stringify(answer) (tests compare them); an answer without a maker is serialised as usual.
 */
const makers = new WeakMap<object, () => string>();

/** Records how to make the JSON text of `answer` (which must be JSON.stringify(answer)) and answers it. */
export function withJson<T extends object>(answer: T, make: () => string): T {
  makers.set(answer, make);
  return answer;
}

/** The JSON text of an answer made with withJson(), else undefined. */
export function jsonOf(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  return makers.get(answer)?.();
}
