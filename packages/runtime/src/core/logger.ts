/**
 * A logging hook. Any object with some of these methods works (`console` included). Fields are
 * already redacted when they reach it: credentials never leave the runtime in a log line.
 */
export interface Logger {
  debug?(message: string, fields?: Record<string, unknown>): void;
  info?(message: string, fields?: Record<string, unknown>): void;
  warn?(message: string, fields?: Record<string, unknown>): void;
  error?(message: string, fields?: Record<string, unknown>): void;
}
