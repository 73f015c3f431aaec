// Loaded with `node --import <this file>`: appends the URL of every module the process loads, one
// per line, to the file named by SWITCHYARD_RECORD_LOADS (cli-start.test.ts reads it).
import { register } from 'node:module';

register('./record-loads-hooks.mjs', import.meta.url, { data: { file: process.env.SWITCHYARD_RECORD_LOADS } });
