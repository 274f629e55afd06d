#!/usr/bin/env bash
# Issue 15's PostgreSQL goals on a 16-core benchmark machine in one command (~7 minutes):
#   1. one server process (core 0) on SQLite, then on PostgreSQL: bench/request-path.mjs's table,
#      whose page row gives the per-process read rate the "80% of SQLite" goal compares;
#   2. bench/scale.mjs's writes phase (one user's POSTs and 32 users', pgbench's single-row
#      inserts) and api phase at 1, 4 and 8 `ccs serve` processes (cores 0-7).
# PostgreSQL runs on cores 8-11 (started by run.sh), wrk and pgbench on 12-15. From a copy packed
# with /work/shared/tools/bench-machine/pack.sh after `npm run build`, slimmed by bench/devbench-slim.sh:
#   WITH_PG=1 bash .devbench/run.sh 'bash bench/sixteen-cores.sh'
# Logs, JSON and per-core CPU counters go to $OUT (or /tmp/sixteen-cores); each step's table is printed as it ends.
# SERVER_CPUS, WRK_CPUS, API_COUNTS, DURATION, PHASES (scale.mjs's) and SKIP (a list of sqlite,pg,scale) adapt it to a
# smaller machine for a trial run. PG_CPUS moves the running PostgreSQL (postmaster and backends;
# new backends inherit it) to other cores first: on a machine whose logical cores are SMT siblings
# (machine.txt lists each core's siblings) it keeps the database off the API cores' physical ones.
set -uo pipefail
out=${OUT:-/tmp/sixteen-cores}
mkdir -p "$out"
servers=${SERVER_CPUS:-0-7}
wrk=${WRK_CPUS:-12-15}
counts=${API_COUNTS:-1,4,8}
seconds=${DURATION:-6}
skip=",${SKIP:-},"
first=${servers%%[-,]*}
pg=${DATABASE_URL:?'DATABASE_URL (PostgreSQL) is needed: run.sh sets it with WITH_PG=1'}
echo "$(date -u +%FT%TZ) $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)" | tee "$out/machine.txt"
# Which logical cores share a physical one: a busy sibling slows a core's work by a third or more.
echo "siblings: $(for c in /sys/devices/system/cpu/cpu[0-9]*; do cat "$c/topology/thread_siblings_list"; done | sort -un | tr '\n' ' ')" | tee -a "$out/machine.txt"
if [ -n "${PG_CPUS:-}" ]; then
  for p in $(pgrep -x postgres); do taskset -a -p -c "$PG_CPUS" "$p" > /dev/null; done
  echo "PostgreSQL moved to cores $PG_CPUS" | tee -a "$out/machine.txt"
fi
# Every core's counters once a second (/proc/stat), to tell afterwards which cores were busy when.
(while sleep 1; do echo "$(date -u +%T) $(grep '^cpu[0-9]' /proc/stat | cut -d' ' -f1-9 | tr '\n' ' ')"; done) > "$out/cpustat.txt" &
sampler=$!
trap 'kill $sampler 2>/dev/null' EXIT
step() { # name, then the command; its stdout is the JSON and table, stderr the progress
  local name=$1; shift
  echo "== $name ($(date -u +%T))"
  "$@" > "$out/$name.out" 2> "$out/$name.log"
  local rc=$?
  grep -vE '^\s|^[][{}"]' "$out/$name.out" | grep . | tail -n 30
  [ $rc = 0 ] || { echo "$name failed ($rc):"; tail -n 20 "$out/$name.log"; }
}
rp=(SERVER_CPU="$first" WRK_CPU="$wrk" ROUNDS=1 DURATION="$seconds" WARMUP=3 node bench/request-path.mjs)
[[ $skip == *,sqlite,* ]] || step request-path-sqlite env -u DATABASE_URL -u CCS_REDIS_URL "${rp[@]}"
[[ $skip == *,pg,* ]] || step request-path-postgres env DATABASE_URL="$pg" "${rp[@]}"
[[ $skip == *,scale,* ]] || step scale env DATABASE_URL="$pg" SERVER_CPUS="$servers" WRK_CPUS="$wrk" PHASES="${PHASES:-writes,api}" \
  API_COUNTS="$counts" DURATION="$seconds" WARMUP=3 node bench/scale.mjs
echo "== done ($(date -u +%T))"
