/** Formats generated text with the repository's prettier config, in-process. */
import * as prettier from 'prettier';

export async function formatFile(path: string, text: string, configFile: string): Promise<string> {
  // `config` reads exactly this file: no search from its folder, so a copy shipped with the built
  // generator (dist/assets) formats as the repository's does wherever the generator is installed.
  const options = (await prettier.resolveConfig(configFile, { config: configFile })) ?? {};
  return prettier.format(text, { ...options, filepath: path });
}
