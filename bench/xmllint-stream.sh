#!/usr/bin/env bash
# Times `xmllint --stream --noout FILE` as whole processes: median wall time of N runs, in ms.
set -euo pipefail
file=$1 runs=${2:-15}
times=()
for _ in $(seq 0 "$runs"); do
    start=$(date +%s%N)
    xmllint --stream --noout "$file"
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000 )))
done
median=$(printf '%s\n' "${times[@]:1}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
awk -v us="$median" 'BEGIN {printf "xmllint --stream --noout (whole process): median %.1f ms\n", us / 1000}'
