/**
 * A logging hook. Any object with some of these methods works (`console` included). Fields are
 * already redacted when they reach it: credentials never leave the runtime in a log line.
 */
export interface Logger {
  debug?(message: string, fields?: Record<string, unknown>): void;
  info?(message: string, fields?: Record<string, unknown>): void;
  warn?(message: string, fields?: Record<string, unknown>): void;
  error?(message: string, fields?: Record<string, unknown>): void;
  /**
   * Whether a line of this level would be written. When it answers false, the runtime does not
   * build (or redact) that line's fields at all: a `debug` method that drops everything below the
   * logger's level still costs nothing per request. Without it, every level that has a method is on.
   */
  isLevelEnabled?(level: LogLevel): boolean;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
