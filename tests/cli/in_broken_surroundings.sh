#!/bin/bash
# Runs the command given in surroundings a user's shell can leave it: in_broken_surroundings.sh
# MODE COMMAND... with MODE one of
#   stdout-full     standard output is /dev/full (a full disk)
#   stdout-closed   standard output is closed (`>&-`)
#   removed-folder  the working directory was removed before the command started
set -u
mode=$1
shift
case $mode in
  stdout-full) exec "$@" >/dev/full ;;
  stdout-closed) exec "$@" >&- ;;
  removed-folder)
    folder=$(mktemp -d)
    cd "$folder" && rmdir "$folder" && exec "$@"
    ;;
  *) echo "in_broken_surroundings.sh: unknown mode $mode" >&2; exit 64 ;;
esac
