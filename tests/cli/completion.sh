#!/bin/bash
# Tests of the bash completion script completions/policytune.bash.
#   completion.sh options POLICYTUNE SCRIPT   every command and option `policytune --help` shows is
#                                             in the script's lists, and the lists hold nothing else
#   completion.sh complete SCRIPT             completing words the way bash asks the script to
set -u

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# Sorted, one a line: the options (`-x`, `--long`) a CLI11 help text lists under "Options:".
options_in_help() {
  awk '/^[A-Za-z]+:/ { section = $1 } section == "Options:" && /^ +-/ { print $1 }' | tr ',' '\n' | sed '/^$/d' | sort -u
}

words() { tr ' \n' '\n\n' | sed '/^$/d' | sort -u; }

case "$1" in
  options)
    policytune="$2"
    source "$3" || fail "cannot source $3"
    commands=$("$policytune" --help | awk '/^[A-Za-z]+:/ { section = $1; next } section == "Subcommands:" && NF > 0 { print $1 }' | sort -u)
    [[ -n "$commands" ]] || fail "policytune --help lists no subcommands"
    [[ "$commands" == "$(echo "$_policytune_commands" | words)" ]] ||
      fail "subcommands: the tool has $(echo $commands), the completion $(echo $_policytune_commands)"
    for command in $commands; do
      from_help=$("$policytune" "$command" --help | options_in_help)
      [[ -n "$from_help" ]] || fail "policytune $command --help lists no options"
      variable="_policytune_options_$command"
      from_script=$(echo "${!variable-}" | words)
      [[ "$from_help" == "$from_script" ]] ||
        fail "policytune $command: --help shows [$(echo $from_help)], the completion [$(echo $from_script)]"
    done
    echo "completion lists match the tool's options"
    ;;
  complete)
    source "$2" || fail "cannot source $2"
    complete_words() {  # the words of a command line, the last one being completed
      COMP_WORDS=("$@")
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      COMPREPLY=()
      _policytune
    }
    complete_words policytune an
    [[ "${COMPREPLY[*]}" == "analyze" ]] || fail "policytune an: got [${COMPREPLY[*]}]"
    complete_words policytune search --d
    [[ " ${COMPREPLY[*]} " == *" --db "* ]] || fail "policytune search --d: got [${COMPREPLY[*]}]"
    complete_words policytune pr
    [[ "${COMPREPLY[*]}" == "prune" ]] || fail "policytune pr: got [${COMPREPLY[*]}]"
    complete_words policytune analyze --fa
    [[ "${COMPREPLY[*]}" == "--failures" ]] || fail "policytune analyze --fa: got [${COMPREPLY[*]}]"
    complete_words policytune search x.cu --strategy ex
    [[ "${COMPREPLY[*]}" == "exhaustive" ]] || fail "--strategy ex: got [${COMPREPLY[*]}]"
    complete_words policytune generate --mode t
    [[ "${COMPREPLY[*]}" == "tuned test" ]] || fail "--mode t: got [${COMPREPLY[*]}]"
    echo "completions as expected"
    ;;
  *) fail "usage: completion.sh options POLICYTUNE SCRIPT | complete SCRIPT" ;;
esac
