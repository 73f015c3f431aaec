/**
 * Preloaded (`node --import`) into a child process of the suites that count flushes: it runs in
 * every thread of that process, the store's worker thread included (a worker inherits the flag),
 * and appends one byte to the file named by SWITCHYARD_TEST_FLUSH_COUNT for each `fsyncSync`, so
 * the child counts the flushes made on any of its threads by that file's size. (flush-recorder.ts
 * records the order of what the child's own thread does.)
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const counter = process.env.SWITCHYARD_TEST_FLUSH_COUNT;
if (counter) {
  const fsyncSync = fs.fsyncSync;
  fs.fsyncSync = (fd) => {
    fsyncSync(fd);
    fs.appendFileSync(counter, '.');
  };
  syncBuiltinESMExports();
}
