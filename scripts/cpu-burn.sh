#!/bin/sh
# Runs a command beside processes that each keep a core busy, then stops them, whatever the
# command's outcome (CONTRIBUTING.md "A suite that holds on a slower machine"): on the 2-core
# machine two of them leave the suite a third of the CPU it normally has, about what a box 2.5
# times slower gives it. Exits with the command's status.
#
#   sh scripts/cpu-burn.sh npm test
#   CPU_BURNERS=1 sh scripts/cpu-burn.sh npx jest libs/db/src/outbox-wake.unit.test.ts --selectProjects unit
case "${1:-}" in
  '' | --help | -h)
    echo 'usage: [CPU_BURNERS=2] sh scripts/cpu-burn.sh COMMAND [ARGS...]   (runs COMMAND beside CPU_BURNERS busy loops, then stops them)'
    [ -n "${1:-}" ] && exit 0
    exit 2
    ;;
esac
burners=${CPU_BURNERS:-2}
pids=
stop_burners() {
  [ -n "$pids" ] && kill $pids 2>/dev/null
  pids=
}
trap stop_burners EXIT
trap 'stop_burners; exit 130' INT TERM
i=0
while [ "$i" -lt "$burners" ]; do
  node -e 'for (;;) {}' &
  pids="$pids $!"
  i=$((i + 1))
done
echo "[cpu-burn] $burners busy loop(s) beside: $* (pids$pids)" >&2
"$@"
status=$?
stop_burners
exit $status
