"""`rapcc --print-completion bash`: a bash completion script made from the
command line's own parsers, so that it lists exactly the flags and choices
they accept (zsh reads it too, after `autoload bashcompinit && bashcompinit`).

    eval "$(rapcc --print-completion bash)"     # or save it under bash-completion's folder
"""
from __future__ import annotations

import argparse
import shlex

SHELLS = ("bash",)
# Flags whose value is a folder or a file: the shell completes paths there.
_FOLDER_FLAGS = ("-I", "-isystem", "--out-dir", "-p", "--cuda-path", "--src-root")
_SOURCES = "!*.@(cu|cuh|h|hpp|inl|json)"


def _choices(parsers: list[argparse.ArgumentParser]) -> dict[str, tuple[str, ...]]:
    """Flag -> the values it takes, for flags with a fixed set."""
    out: dict[str, tuple[str, ...]] = {}
    for p in parsers:
        for action in p._actions:  # argparse has no public accessor for a parser's actions
            if action.choices is not None and action.option_strings:
                for flag in action.option_strings:
                    out[flag] = tuple(str(c) for c in action.choices)
    return out


def _flags(parser: argparse.ArgumentParser) -> list[str]:
    return sorted({f for a in parser._actions for f in a.option_strings})


def bash_script(main: argparse.ArgumentParser, subcommands: dict[str, argparse.ArgumentParser]) -> str:
    """The script: subcommand names first, then each command's flags, the
    values of flags with a fixed set, folders after folder flags, and source files."""
    cases = "\n".join(f"    {flag}) COMPREPLY=($(compgen -W {shlex.quote(' '.join(values))} -- \"$cur\")); return;;"
                      for flag, values in sorted(_choices([main, *subcommands.values()]).items()))
    folders = "|".join(_FOLDER_FLAGS)
    per_command = "\n".join(f"    {name}) flags={shlex.quote(' '.join(_flags(p)))};;" for name, p in subcommands.items())
    return f"""# bash completion for rapcc (rapcc --print-completion bash)
_rapcc() {{
  local cur=${{COMP_WORDS[COMP_CWORD]}} prev=${{COMP_WORDS[COMP_CWORD-1]}} flags
  case "$prev" in
{cases}
    {folders}) COMPREPLY=($(compgen -d -- "$cur")); return;;
  esac
  case "${{COMP_WORDS[1]}}" in
{per_command}
    *) flags={shlex.quote(' '.join(_flags(main)))};;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$flags" -- "$cur"))
    return
  fi
  COMPREPLY=()
  if [[ $COMP_CWORD == 1 ]]; then
    COMPREPLY=($(compgen -W {shlex.quote(' '.join(subcommands))} -- "$cur"))
  fi
  local IFS=$'\\n'
  COMPREPLY+=($(shopt -s extglob; compgen -f -X {shlex.quote(_SOURCES)} -- "$cur") $(compgen -d -- "$cur"))
}}
complete -o filenames -F _rapcc rapcc
"""
