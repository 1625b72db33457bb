#!/bin/bash
# A real scheduler over the samples: installs Debian's slurm-wlm and munge if missing, starts
# munge, slurmctld and slurmd on localhost (root; proctrack/linuxproc, task/none: no cgroups),
# submits `sbatch --array=1-3` running `gpuglitch process samples --shard auto` with one report
# per task, waits, merges the reports with `gpuglitch report merge`, checks that every input was
# written exactly once and that the merged report accounts for every input, then stops the
# daemons. Exit 0 on success.
#
# Usage: scripts/slurm/smoke.sh [path/to/gpuglitch]   (default: .build/release/gpuglitch)
set -euo pipefail
REPO=$(cd "$(dirname "$0")/../.." && pwd)
GPUGLITCH=$(realpath "${1:-$REPO/.build/release/gpuglitch}")
WORK=$(mktemp -d /tmp/gpuglitch-slurm.XXXXXX)
say() { echo "slurm-smoke: $*" >&2; }

need=""
for p in slurm-wlm munge; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need="$need $p"
done
if [ -n "$need" ]; then
    say "installing$need"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $need >/dev/null
fi

HOST=$(hostname -s)
CPUS=$(nproc)
mkdir -p "$WORK"/{state,spool,log,out,reports} /run/munge /var/log/munge /etc/munge
[ -s /etc/munge/munge.key ] || { dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 2>/dev/null; }
chown -R munge:munge /etc/munge /run/munge /var/log/munge 2>/dev/null || true
chmod 700 /etc/munge && chmod 400 /etc/munge/munge.key

CONF="$WORK/slurm.conf"
cat > "$CONF" <<CONF
ClusterName=gpuglitch-smoke
SlurmctldHost=$HOST
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/log/slurmctld.log
SlurmdLogFile=$WORK/log/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
MpiDefault=none
NodeName=$HOST CPUs=$CPUS State=UNKNOWN
PartitionName=smoke Nodes=$HOST Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
export SLURM_CONF="$CONF"

cleanup() {
    [ -f "$WORK/slurmd.pid" ] && kill "$(cat "$WORK/slurmd.pid")" 2>/dev/null || true
    [ -f "$WORK/slurmctld.pid" ] && kill "$(cat "$WORK/slurmctld.pid")" 2>/dev/null || true
    [ -n "${MUNGE_STARTED:-}" ] && pkill -x munged 2>/dev/null || true
    # The daemons are gone before the script ends (bounded wait).
    for _ in $(seq 1 20); do pgrep -x slurmctld >/dev/null || pgrep -x slurmd >/dev/null || break; sleep 0.5; done
    # The work folder goes once the daemons are down (their pid files are in it), unless a
    # check failed and its logs are worth reading.
    [ -n "${PASSED:-}" ] && rm -rf "$WORK"
    return 0
}
trap cleanup EXIT

if ! pgrep -x munged >/dev/null; then
    runuser -u munge -- /usr/sbin/munged --force 2>/dev/null || /usr/sbin/munged --force
    MUNGE_STARTED=1
fi
slurmctld -f "$CONF"
slurmd -f "$CONF"
for _ in $(seq 1 60); do
    if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then break; fi
    scontrol update nodename="$HOST" state=resume >/dev/null 2>&1 || true
    sleep 1
done
sinfo -h -o '%P %T %N' >&2
sinfo -h -o '%T' | grep -qE '^(idle|mixed|allocated)' || { say "the node did not come up"; tail -20 "$WORK"/log/*.log >&2; exit 1; }

cat > "$WORK/job.sh" <<JOB
#!/bin/bash
#SBATCH --job-name=gpuglitch-smoke
#SBATCH --array=1-3
#SBATCH --cpus-per-task=1
#SBATCH --output=$WORK/log/task-%a.log
exec "$GPUGLITCH" process "$REPO/samples" --output "$WORK/out" --size 64 --device cpu --jobs 1 \\
    --shard auto --report "$WORK/reports/shard-\${SLURM_ARRAY_TASK_ID}.json"
JOB
JOB_ID=$(sbatch --parsable "$WORK/job.sh")
say "submitted array job $JOB_ID"
for _ in $(seq 1 300); do
    if [ -z "$(squeue -h -j "$JOB_ID" 2>/dev/null)" ]; then break; fi
    sleep 1
done
[ -z "$(squeue -h -j "$JOB_ID" 2>/dev/null)" ] || { say "the job did not finish in 300 s"; squeue >&2; exit 1; }

# The shards' reports merged by the tool itself.
"$GPUGLITCH" report merge --output "$WORK/merged.json" "$WORK"/reports/shard-{1,2,3}.json

# Checks: three reports, each with its own shard, together naming every sample once, every
# output on disk once, and the merged report accounting for every input.
python3 - "$WORK" "$REPO/samples" <<'PY'
import json, os, sys
work, samples = sys.argv[1], sys.argv[2]
inputs = sorted(f for f in os.listdir(samples) if f.lower().endswith((".jpg", ".jpeg", ".png")))
reports = [json.load(open(os.path.join(work, "reports", f"shard-{k}.json"))) for k in (1, 2, 3)]
shards = sorted(r["shard"] for r in reports)
assert shards == ["1/3", "2/3", "3/3"], shards
names = sorted(os.path.basename(i["input"]) for r in reports for i in r["images"])
assert names == inputs, (names, inputs)
assert all(i["status"] == "ok" for r in reports for i in r["images"]), "a task failed an input"
outputs = sorted(i["output"] for r in reports for i in r["images"])
assert len(outputs) == len(set(outputs)), "an output was written twice"
on_disk = sorted(os.path.join(work, "out", f) for f in os.listdir(os.path.join(work, "out")))
assert sorted(os.path.realpath(o) for o in outputs) == sorted(os.path.realpath(o) for o in on_disk), (outputs, on_disk)
report = json.load(open(os.path.join(work, "merged.json")))
merged = {k: report["totals"][k] for k in ("ok", "failed", "skipped")}
assert merged == {"ok": len(inputs), "failed": 0, "skipped": 0}, merged
assert sorted(os.path.basename(i["input"]) for i in report["images"]) == inputs, "merged images"
assert "shard" not in report, "a merged report is not a shard's"
print(f"slurm-smoke: 3 array tasks wrote {len(on_disk)} outputs for {len(inputs)} inputs, each once; merged totals {merged}")
PY
PASSED=1
say "ok"
