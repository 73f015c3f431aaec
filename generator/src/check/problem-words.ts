/**
 * Problem messages never print a raw regular expression (generator/README.md, "How problems are
 * reported"): these put a compile error or a runtime validation issue in words.
 */

/** Why a regular expression does not compile, without echoing it (V8 puts `/source/:` in front). */
export function regexReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^Invalid regular expression: \/[\s\S]*\/[a-z]*: /, '');
}

/** A runtime validation issue in words for a spec problem: a pattern without patternText is not printed raw. */
export function issueText(issue: { rule: string; message: string }): string {
  if (issue.rule === 'pattern' && /must match the pattern \//.test(issue.message)) {
    return issue.message.replace(
      /must match the pattern \/[\s\S]*\/[a-z]*;/,
      'does not match its pattern (add patternText to say it in words);',
    );
  }
  return issue.message;
}
