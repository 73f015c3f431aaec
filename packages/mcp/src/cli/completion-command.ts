/**
 * `switchyard completion bash|zsh|fish`: a completion script for the shell, generated from the
 * command table (every command of the bin, its subcommands and options, the values an option
 * takes) and the connector types this switchyard has. Install: bash `source <(switchyard
 * completion bash)`; zsh `switchyard completion zsh > "${fpath[1]}/_switchyard"`; fish
 * `switchyard completion fish > ~/.config/fish/completions/switchyard.fish`.
 */
import { COMMON_OPTIONS, positionals, type CommandSpec, type OptionSpec } from './command-spec.js';
import { UsageError } from './options.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

export const completionCommand: CommandSpec = {
  name: 'completion',
  summary: 'Prints a shell completion script for bash, zsh or fish.',
  usage: ['completion bash|zsh|fish'],
  details: `bash: source <(switchyard completion bash)   (or write it to a file your ~/.bashrc sources)
zsh:  switchyard completion zsh > "\${fpath[1]}/_switchyard"   then restart zsh
fish: switchyard completion fish > ~/.config/fish/completions/switchyard.fish`,
  options: { help: COMMON_OPTIONS['help']! },
  subcommands: SHELLS,
  run: async (parsed, { commands, packages, out }) => {
    const [shell] = positionals(parsed, ['shell']);
    if (!(SHELLS as readonly string[]).includes(shell!))
      throw new UsageError(`completion: the shells are ${SHELLS.join(', ')} (got ${JSON.stringify(shell)})`);
    const types = packages.types;
    out.text(completionScript(shell as Shell, commands, types));
    return 0;
  },
};

export function completionScript(shell: Shell, commands: readonly CommandSpec[], types: readonly string[]): string {
  if (shell === 'bash') return bash(commands, types);
  if (shell === 'zsh') return zsh(commands, types);
  return fish(commands, types);
}

const choicesOf = (spec: OptionSpec, types: readonly string[]): readonly string[] | undefined =>
  spec.choices === 'types' ? types : spec.choices;
const firstWords = (command: CommandSpec, types: readonly string[]): readonly string[] =>
  command.subcommands ?? (command.firstArgument === 'types' ? types : []);
/** Shell words are generated from names this repository controls; anything else would be a bug here. */
const word = (text: string): string => {
  if (!/^[A-Za-z0-9_.:=-]+$/.test(text)) throw new TypeError(`completion: ${JSON.stringify(text)} is not a plain shell word`);
  return text;
};
const words = (list: readonly string[]) => list.map(word).join(' ');

function bash(commands: readonly CommandSpec[], types: readonly string[]): string {
  const cases = commands.map((command) => {
    const options = Object.entries(command.options);
    const flags = options.flatMap(([name, spec]) => [`--${name}`, ...(spec.short ? [`-${spec.short}`] : [])]);
    const valued = options.filter(([, spec]) => spec.type === 'string').map(([name]) => `--${name}`);
    return `    ${word(command.name)}) opts="${words(flags)}"; valued="${words(valued)}"; first="${words(firstWords(command, types))}" ;;`;
  });
  const choices = commands.flatMap((command) =>
    Object.entries(command.options).flatMap(([name, spec]) => {
      const values = choicesOf(spec, types);
      return values ? [`    ${word(command.name)}:--${word(name)}) COMPREPLY=($(compgen -W "${words(values)}" -- "$cur")); return ;;`] : [];
    }),
  );
  return `# switchyard completion for bash. Load it with: source <(switchyard completion bash)
_switchyard() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
  if (( COMP_CWORD == 1 )); then
    COMPREPLY=($(compgen -W "${words(commands.map((c) => c.name))} --help --version" -- "$cur"))
    return
  fi
  local cmd=\${COMP_WORDS[1]} opts="" valued="" first=""
  case $cmd in
${cases.join('\n')}
    *) return ;;
  esac
  case "$cmd:$prev" in
${choices.join('\n')}
  esac
  # The value of an option that takes one: no suggestion of ours (the shell's default, files, applies).
  if [[ " $valued " == *" $prev "* ]]; then COMPREPLY=(); return; fi
  if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$opts" -- "$cur")); return; fi
  local i n=0 w
  for (( i = 2; i < COMP_CWORD; i++ )); do
    w=\${COMP_WORDS[i]}
    if [[ $w == -* ]]; then
      if [[ " $valued " == *" $w "* ]]; then (( i++ )); fi
    else
      (( n++ ))
    fi
  done
  if (( n == 0 )) && [[ -n $first ]]; then COMPREPLY=($(compgen -W "$first" -- "$cur")); fi
}
complete -o default -F _switchyard switchyard
`;
}

/** Text inside a zsh _arguments description or a single-quoted string. */
const zshText = (text: string) => text.replace(/[[\]]/g, '').replace(/'/g, "'\\''").replace(/:/g, ' -');

function zsh(commands: readonly CommandSpec[], types: readonly string[]): string {
  const commandList = commands.map((c) => `    '${word(c.name)}:${zshText(c.summary)}'`);
  const cases = commands.map((command) => {
    const specs = Object.entries(command.options).map(([name, spec]) => {
      const values = choicesOf(spec, types);
      const repeat = spec.multiple ? '*' : '';
      const names = spec.short ? `{-${word(spec.short)},--${word(name)}}` : `--${word(name)}`;
      const action =
        spec.type === 'boolean'
          ? ''
          : `:${zshText((spec.value ?? 'value').replace(/[<>]/g, ''))}:${values ? `(${words(values)})` : '_default'}`;
      return spec.short
        ? `'(-${spec.short} --${name})'${names}'[${zshText(spec.description)}]${action}'`
        : `'${repeat}${names}[${zshText(spec.description)}]${action}'`;
    });
    const first = firstWords(command, types);
    const positional = first.length > 0 ? [`'1:argument:(${words(first)})'`, `'*::argument:_default'`] : [`'*::argument:_default'`];
    return `    ${word(command.name)})\n      _arguments -s ${[...specs, ...positional].join(' \\\n        ')} ;;`;
  });
  return `#compdef switchyard
# switchyard completion for zsh. Install: switchyard completion zsh > "\${fpath[1]}/_switchyard", then restart zsh.
_switchyard() {
  local -a commands
  commands=(
${commandList.join('\n')}
  )
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  local cmd=$words[2]
  shift words
  (( CURRENT-- ))
  case $cmd in
${cases.join('\n')}
  esac
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _switchyard "$@"
else
  compdef _switchyard switchyard
fi
`;
}

/** Text inside a fish single-quoted string. */
const fishText = (text: string) => text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");

function fish(commands: readonly CommandSpec[], types: readonly string[]): string {
  const lines = [
    '# switchyard completion for fish. Install: switchyard completion fish > ~/.config/fish/completions/switchyard.fish',
    'complete -c switchyard -f',
    ...commands.map((c) => `complete -c switchyard -n __fish_use_subcommand -a ${word(c.name)} -d '${fishText(c.summary)}'`),
  ];
  for (const command of commands) {
    const seen = `'__fish_seen_subcommand_from ${word(command.name)}'`;
    for (const [name, spec] of Object.entries(command.options)) {
      const values = choicesOf(spec, types);
      const value = spec.type === 'string' ? (values ? ` -x -a '${words(values)}'` : ' -r -F') : '';
      lines.push(
        `complete -c switchyard -n ${seen} -l ${word(name)}${spec.short ? ` -s ${word(spec.short)}` : ''}${value} -d '${fishText(spec.description)}'`,
      );
    }
    const first = firstWords(command, types);
    if (first.length > 0) {
      lines.push(
        `complete -c switchyard -n '__fish_seen_subcommand_from ${word(command.name)}; and test (count (commandline -opc)) -eq 2' -a '${words(first)}'`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
