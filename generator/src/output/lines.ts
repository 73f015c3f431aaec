/** Where a command's lines go: the console for a process, a buffer for a test running it in-process. */
export interface Lines {
  log(line: string): void;
  error(line: string): void;
}

export const CONSOLE_LINES: Lines = {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
};
