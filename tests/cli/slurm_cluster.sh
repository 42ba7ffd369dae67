# A single-node Slurm cluster of its own for one test: munged, slurmctld and slurmd with a generated
# slurm.conf in FOLDER, on free ports, so that it neither needs nor touches the machine's own Slurm.
# Partitions: debug (the default), compile and measure, all of the one node (for --compile-partition).
# Sourced: wait_for_job ID, slurm_cluster_start FOLDER [FEATURES] (returns non-zero, with the reason in
# $slurm_cluster_why, when the daemons cannot start; FEATURES, such as cpu_a,cpu_b, are the node's, for
# jobs that ask --constraint) and slurm_cluster_stop (safe to call whatever happened, twice too);
# a test's prologue: slurm_cluster_for_test [FEATURES].

free_port() {  # one the kernel has no listener on; two calls can collide, the caller checks
  local port
  while :; do
    port=$((20000 + RANDOM % 20000))
    ss -Htln "sport = :$port" 2>/dev/null | grep -q . || { echo "$port"; return; }
  done
}

slurm_cluster_start() {
  local folder=$1 features=${2:-} node ctld_port d_port user
  slurm_cluster_folder=$folder
  slurm_cluster_why=""
  for tool in munged slurmctld slurmd sbatch squeue scontrol; do
    command -v "$tool" >/dev/null || { slurm_cluster_why="$tool is not installed (scripts/setup installs it)"; return 1; }
  done
  node=$(hostname -s)
  user=$(id -un)
  ctld_port=$(free_port)
  d_port=$(free_port)
  [ "$ctld_port" != "$d_port" ] || d_port=$((ctld_port + 1))
  mkdir -p "$folder"/{munge,ctld,d,log}
  chmod 700 "$folder/munge"
  head -c 1024 /dev/urandom >"$folder/munge/munge.key"
  chmod 400 "$folder/munge/munge.key"
  munged --force --key-file="$folder/munge/munge.key" --socket="$folder/munge/munge.socket" \
    --pid-file="$folder/munge/munged.pid" --log-file="$folder/munge/munged.log" \
    --seed-file="$folder/munge/munge.seed" 2>"$folder/log/munged.err" ||
    { slurm_cluster_why="munged did not start: $(head -1 "$folder/log/munged.err")"; return 1; }
  cat >"$folder/slurm.conf" <<EOF
ClusterName=policytune-test
SlurmctldHost=$node
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
AuthType=auth/munge
AuthInfo=socket=$folder/munge/munge.socket
CredType=cred/munge
SlurmUser=$user
SlurmdUser=$user
StateSaveLocation=$folder/ctld
SlurmdSpoolDir=$folder/d
SlurmctldPidFile=$folder/slurmctld.pid
SlurmdPidFile=$folder/slurmd.pid
SlurmctldLogFile=$folder/log/slurmctld.log
SlurmdLogFile=$folder/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$node CPUs=2${features:+ Features=$features} State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
PartitionName=compile Nodes=ALL MaxTime=INFINITE State=UP
PartitionName=measure Nodes=ALL MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF=$folder/slurm.conf
  slurmctld -f "$SLURM_CONF" 2>"$folder/log/slurmctld.err" ||
    { slurm_cluster_why="slurmctld did not start: $(head -1 "$folder/log/slurmctld.err")"; return 1; }
  slurmd -f "$SLURM_CONF" 2>"$folder/log/slurmd.err" ||
    { slurm_cluster_why="slurmd did not start: $(head -1 "$folder/log/slurmd.err")"; return 1; }
  for _ in $(seq 60); do  # the node registers within seconds
    [ "$(sinfo -h -n "$node" -o %t 2>/dev/null)" = idle ] && return 0
    sleep 0.5
  done
  slurm_cluster_why="the node did not come up idle in 30 s: $(tail -1 "$folder/log/slurmd.log" 2>/dev/null)"
  return 1
}

# Ends process $1 (not a child of ours, so no `wait`): asked first, killed past 10 s, and returns once
# it is gone, so that nothing writes into the folder while it is removed (munged writes its seed file
# as it exits).
stop_daemon() {
  local pid=$1 signal
  for signal in TERM KILL; do
    kill "-$signal" "$pid" 2>/dev/null || return 0
    for _ in $(seq 40); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.25; done
  done
}

slurm_cluster_stop() {
  [ -n "${slurm_cluster_folder:-}" ] || return 0
  local folder=$slurm_cluster_folder pid
  scancel --quiet --user "$(id -un)" 2>/dev/null || true
  scontrol shutdown 2>/dev/null || true
  # Whatever did not stop when told: by the ids these daemons wrote, never by name; munged last, as
  # the others authenticate through it while they shut down.
  for pidfile in "$folder/slurmd.pid" "$folder/slurmctld.pid" "$folder/munge/munged.pid"; do
    pid=$(cat "$pidfile" 2>/dev/null) || continue
    [ "$pidfile" = "$folder/munge/munged.pid" ] ||
      for _ in $(seq 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    stop_daemon "$pid"
  done
  slurm_cluster_folder=""
}

# Waits until squeue no longer lists job $1, at most 3 minutes; past that, the calling test's fail().
wait_for_job() {
  for _ in $(seq 360); do
    [ -n "$(squeue -h -j "$1" 2>/dev/null)" ] || return 0
    sleep 0.5
  done
  fail "job $1 still queued or running after 3 minutes"
}

# The test's own status stands: a folder that cannot be removed (a job's step still writing) is said,
# never turned into a failure of a test that passed.
slurm_test_ended() {
  local status=$?
  slurm_cluster_stop
  rm -rf "$slurm_test_folder" 2>/dev/null || { sleep 1; rm -rf "$slurm_test_folder"; } ||
    echo "note: $slurm_test_folder left behind"
  exit "$status"
}

# A cluster for the calling test in a short temporary folder (the munge socket's path must fit in a
# socket address), stopped and removed however the test ends; exit 77 (skipped) where it cannot start.
slurm_cluster_for_test() {  # [FEATURES]
  slurm_test_folder=$(mktemp -d /tmp/policytune-slurm.XXXXXX)
  trap 'slurm_test_ended' EXIT
  if ! slurm_cluster_start "$slurm_test_folder" "${1:-}"; then
    echo "skipped: $slurm_cluster_why"
    exit 77
  fi
}
