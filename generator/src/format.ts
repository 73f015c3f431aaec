/** Formats generated text with the repository's prettier config, in-process. */
import * as prettier from 'prettier';

export async function formatFile(path: string, text: string, configFile: string): Promise<string> {
  const options = (await prettier.resolveConfig(configFile)) ?? {};
  return prettier.format(text, { ...options, filepath: path });
}
