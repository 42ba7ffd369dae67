# bash completion for policytune: subcommands, each subcommand's options, and the values of options
# that take one of a few words. Installed as share/bash-completion/completions/policytune.
# The option lists follow the tool's CLI11 definitions; the test cli.completion_options fails when
# `policytune <command> --help` shows an option a list lacks, or the other way round.

_policytune_commands="list search pool analyze generate check merge prune import replay report batch"

_policytune_options_list="-h --help --names"
_policytune_build_options="-a --axis --build-dir -j --jobs --batch-size --build-timeout --cxx --nvcc --cuda-arch -I
  --include --compiler-launcher --build-cache --build-cache-size"
_policytune_measurement_options="$_policytune_build_options --db --run-timeout --min-samples --max-noise --max-time
  --stopping-criterion"
_policytune_options_search="-h --help -R --regex --strategy --budget --time-limit --seed --lanes --force --compile-only
  --confirm --confirm-rounds --pool --deadline --shard --prior $_policytune_measurement_options"
_policytune_options_pool="-h --help --pool -R --regex --strategy --budget --seed --prior --exclude-stored --max-size
  $_policytune_build_options"
_policytune_options_analyze="-h --help --db --top --coverage --failures --dispatch --max-policies --threshold -R --regex"
_policytune_options_generate="-h --help --db --benchmark --template --format --cccl --cccl-include -o --output
  --namespace --archs --mode --match --device --device-arch --prefer --dispatch --max-policies --threshold"
_policytune_options_check="-h --help $_policytune_measurement_options --tolerance --max-drift --dispatch --max-policies
  --threshold --prefer --junit --markdown"
_policytune_options_merge="-h --help --db"
_policytune_options_prune="-h --help --db --dry-run"
_policytune_options_import="-h --help --db --base --source --cccl --compute-capability"
_policytune_options_replay="-h --help --strategy --budget --repeats --seed --prior --batch"
_policytune_options_report="-h --help --db -R --regex -o --output"
_policytune_options_batch="-h --help --show-search-progress"

_policytune_strategies="auto exhaustive random adaptive_evolution genetic_algorithm iterated_local_search
  simulated_annealing prior_order prior_round_robin prior_witnesses surrogate_evolution forest_evolution"

_policytune() {
  local cur prev command word i
  cur="${COMP_WORDS[COMP_CWORD]}"
  prev=""
  ((COMP_CWORD > 0)) && prev="${COMP_WORDS[COMP_CWORD - 1]}"
  command=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="${COMP_WORDS[i]}"
    if [[ " $_policytune_commands " == *" $word "* ]]; then
      command="$word"
      break
    fi
  done

  if [[ -z "$command" ]]; then
    COMPREPLY=($(compgen -W "$_policytune_commands --help --version" -- "$cur"))
    return 0
  fi

  # Values of options that take one of a few words, or a file or folder.
  case "$prev" in
    --strategy) COMPREPLY=($(compgen -W "$_policytune_strategies" -- "$cur")); return 0 ;;
    --mode) COMPREPLY=($(compgen -W "tuned base test" -- "$cur")); return 0 ;;
    --format) COMPREPLY=($(compgen -W "auto chained_policy policy_selector host" -- "$cur")); return 0 ;;
    --match) COMPREPLY=($(compgen -W "exact nearest" -- "$cur")); return 0 ;;
    --stopping-criterion) COMPREPLY=($(compgen -W "stdrel" -- "$cur")); return 0 ;;
    --build-dir | --build-cache | --cccl-include | -I | --include) COMPREPLY=($(compgen -d -- "$cur")); return 0 ;;
    --prior) COMPREPLY=($(compgen -W "auto none" -f -- "$cur")); return 0 ;;
    --db | --benchmark | --template | -o | --output | --junit | --source) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
  esac
  if [[ "$command" == import && "$prev" == import ]]; then
    COMPREPLY=($(compgen -W "kernel-tuner cub" -- "$cur"))
    return 0
  fi

  if [[ "$cur" == -* ]]; then
    local options_variable="_policytune_options_${command}"
    COMPREPLY=($(compgen -W "${!options_variable}" -- "$cur"))
    return 0
  fi
  COMPREPLY=($(compgen -f -- "$cur"))  # benchmark sources, databases, landscapes
}

complete -o filenames -o bashdefault -F _policytune policytune
