# Sourced by the benchmarks that run the daemon: a temporary folder ($work) with its own XDG folders,
# a private session bus started for the run, and a cleanup that ends the run's background jobs, the
# bus and the folder on exit. Nothing touches the listener's session or files.
work=$(mktemp -d)
cleanup() { kill $(jobs -p) 2>/dev/null || true; [[ -n ${bus_pid:-} ]] && kill "$bus_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
dbus-daemon --session --fork --print-address=1 --print-pid=1 > "$work/bus"
export DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$work/bus")
bus_pid=$(sed -n 2p "$work/bus")
export XDG_STATE_HOME="$work/state" XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
export EARSHOT_AUDIO_SINK="fakesink sync=true"

# Waits (up to a minute) until the daemon at $earshot answers, else ends the benchmark saying so.
wait_for_daemon() {
    for _ in $(seq 1 600); do
        "$earshot" status >/dev/null 2>&1 && return 0
        sleep 0.1
    done
    echo "$(basename "$0"): the daemon did not answer" >&2; exit 1
}
