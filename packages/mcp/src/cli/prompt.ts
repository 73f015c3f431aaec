/**
 * One line asked on the terminal (stdin and stderr), for `switchyard login`. With `echo: false`
 * the typed characters are not shown (raw mode: the terminal echoes nothing, and this echoes
 * nothing either); Backspace edits, Enter ends, Ctrl-C and Ctrl-D abandon with a UsageError.
 */
import { UsageError } from './options.js';

export function prompt(question: string, { echo }: { echo: boolean }): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let answer = '';
    const wasRaw = stdin.isRaw;
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (error?: Error) => {
      stdin.setRawMode(wasRaw);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (text: string) => {
      for (const char of text) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003' || char === '\u0004') return done(new UsageError('login abandoned'));
        if (char === '\u007f' || char === '\b') {
          if (answer.length > 0) {
            answer = answer.slice(0, -1);
            if (echo) process.stderr.write('\b \b');
          }
          continue;
        }
        answer += char;
        if (echo) process.stderr.write(char);
      }
    };
    stdin.on('data', onData);
  });
}
