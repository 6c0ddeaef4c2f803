# Shared by the bench/*.sh scripts (sourced, not run): release build, a private work folder, a
# private PulseAudio with a null sink, /usr/bin/time and /proc measurements, and the result table.
# Environment: ALARMPLAY=/path/to/binary skips the build; NOBUILD=1 uses the existing release binary;
# QUICK=1 shortens durations (each script decides by how much); KEEP=1 keeps the work folder.

bench_root=$(cd "$(dirname "$0")/.." && pwd)
bench_dir=$bench_root/bench
work=$(mktemp -d "${TMPDIR:-/tmp}/alarmplay-bench.XXXXXX")
bench_pids=""
table=$work/table.tsv
: > "$table"

bench_cleanup() {
    set +e
    for pid in $bench_pids; do
        kill "$pid" 2> /dev/null
        wait "$pid" 2> /dev/null
    done
    if [ -n "${KEEP:-}" ]; then echo "kept $work" >&2; else rm -rf "$work"; fi
}
trap bench_cleanup EXIT
trap 'exit 130' INT TERM

# Remembers a background process so cleanup stops it (by its id, never by name).
bench_track() { bench_pids="$bench_pids $1"; }

need() {
    for tool in "$@"; do
        command -v "$tool" > /dev/null 2>&1 || { echo "bench: '$tool' is missing (apt-get install it)" >&2; exit 69; }
    done
}

# Builds the release binary (unless ALARMPLAY or NOBUILD says otherwise) and sets $alarmplay.
bench_build() {
    need sox aplay python3
    [ -x /usr/bin/time ] || { echo "bench: /usr/bin/time is missing (apt-get install time)" >&2; exit 69; }
    if [ -n "${ALARMPLAY:-}" ]; then
        alarmplay=$ALARMPLAY
    else
        alarmplay=$bench_root/.build/release/alarmplay
        if [ -z "${NOBUILD:-}" ] || [ ! -x "$alarmplay" ]; then
            (cd "$bench_root" && swift build -c release --static-swift-stdlib --product alarmplay >&2) || {
                echo "bench: release build failed (set ALARMPLAY=/path/to/alarmplay to bench another build)" >&2
                exit 1
            }
        fi
    fi
    # Sound folders, state and the control socket stay inside the work folder, away from any
    # real alarmplay running on this machine.
    mkdir -p "$work/home" "$work/config" "$work/data" "$work/state" "$work/runtime"
    chmod 700 "$work/runtime"
    export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
    export XDG_STATE_HOME="$work/state" XDG_RUNTIME_DIR="$work/runtime"
    unset ALARMPLAY_SOUNDS ALARMPLAY_ALARMS
}

bench_header() {
    echo "== $1"
    echo "   $(date -Iseconds)  $(uname -m)  $(nproc) cores  load $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "   binary: $alarmplay ($($alarmplay --version 2>&1))"
}

# A private, real-time PulseAudio with a null sink on its own socket (as the end-to-end tests'
# PulseServer does). Exports PULSE_SERVER and PULSE_SINK, so ALSA's `pulse` PCM reaches it.
pulse_start() {
    need pulseaudio pactl
    pulse_dir=$work/pulse
    pulse_sink=alarmplaybench
    mkdir -p "$pulse_dir"
    cat > "$pulse_dir/default.pa" <<EOF
load-module module-native-protocol-unix socket=$pulse_dir/native auth-anonymous=1
load-module module-null-sink sink_name=$pulse_sink rate=48000
set-default-sink $pulse_sink
EOF
    HOME=$pulse_dir XDG_RUNTIME_DIR=$pulse_dir XDG_CONFIG_HOME=$pulse_dir PATH=/usr/bin:/bin \
        pulseaudio -n -F "$pulse_dir/default.pa" --daemonize=no --exit-idle-time=-1 --use-pid-file=no \
        --disallow-exit --log-target="file:$pulse_dir/pulse.log" > /dev/null 2>&1 &
    pulse_pid=$!
    bench_track "$pulse_pid"
    export PULSE_SERVER="unix:$pulse_dir/native" PULSE_SINK=$pulse_sink
    tries=0
    until [ -S "$pulse_dir/native" ] && pactl info > /dev/null 2>&1; do
        tries=$((tries + 1))
        [ "$tries" -lt 150 ] || { echo "bench: pulseaudio did not start; see $pulse_dir/pulse.log" >&2; exit 1; }
        sleep 0.1
    done
}

# A private, real-time PipeWire (pipewire, wireplumber, pipewire-pulse on a private D-Bus session
# bus and runtime folder) with a null sink, as the end-to-end tests' PipeWireServer runs it, and a
# private ALSA configuration whose `default` is pipewire-alsa's plugin (from scripts/setup --test's
# folder, else an installed pipewire-alsa) and which leaves out pulseaudio's 99-pulse.conf.
# Sets $pw_dir and $pw_env (what a client needs: ALSA_CONFIG_PATH, PIPEWIRE_RUNTIME_DIR, and
# PULSE_SERVER for pipewire-pulse). pipewire_stop ends it.
pipewire_start() {
    need pipewire wireplumber pipewire-pulse dbus-daemon pactl
    pw_dir=$work/pipewire
    mkdir -p "$pw_dir/conf.d" && chmod 700 "$pw_dir"
    plugins=/usr/local/lib/alarmplay-test/pipewire-alsa
    [ -f "$plugins/libasound_module_pcm_pipewire.so" ] ||
        plugins=$(dirname "$(ls /usr/lib/*/alsa-lib/libasound_module_pcm_pipewire.so 2> /dev/null | head -n 1)")
    [ -f "$plugins/libasound_module_pcm_pipewire.so" ] || { echo "bench: no pipewire-alsa plugin (scripts/setup --test)" >&2; exit 69; }
    sed "s#\"/etc/alsa/conf.d\"#\"$pw_dir/conf.d\"#" /usr/share/alsa/alsa.conf > "$pw_dir/alsa.conf"
    for conf in /etc/alsa/conf.d/*.conf; do
        case $conf in */99-pulse.conf | *pipewire*) ;; *) echo "<$conf>" > "$pw_dir/conf.d/${conf##*/}" ;; esac
    done
    {
        echo "pcm_type.pipewire { lib \"$plugins/libasound_module_pcm_pipewire.so\" }"
        echo "ctl_type.pipewire { lib \"$plugins/libasound_module_ctl_pipewire.so\" }"
        echo 'pcm.!default { type pipewire playback_node "-1" capture_node "-1" }'
        echo 'ctl.!default { type pipewire }'
    } > "$pw_dir/conf.d/50-pipewire.conf"
    pw_pids=""
    for program in dbus-daemon pipewire wireplumber pipewire-pulse; do
        arguments=""
        [ "$program" = dbus-daemon ] && arguments="--session --nofork --address=unix:path=$pw_dir/bus"
        # shellcheck disable=SC2086
        env -i HOME="$pw_dir" XDG_RUNTIME_DIR="$pw_dir" XDG_CONFIG_HOME="$pw_dir/config" XDG_STATE_HOME="$pw_dir/state" \
            PATH=/usr/bin:/bin DBUS_SESSION_BUS_ADDRESS="unix:path=$pw_dir/bus" "$program" $arguments > "$pw_dir/$program.log" 2>&1 &
        pw_pids="$pw_pids $!"
        bench_track "$!"
        case $program in
            dbus-daemon) until [ -S "$pw_dir/bus" ]; do sleep 0.05; done ;;
            pipewire) until [ -S "$pw_dir/pipewire-0" ]; do sleep 0.05; done ;;
        esac
    done
    pw_env="ALSA_CONFIG_PATH=$pw_dir/alsa.conf PIPEWIRE_RUNTIME_DIR=$pw_dir PULSE_SERVER=unix:$pw_dir/pulse/native"
    tries=0
    until env $pw_env pactl info > /dev/null 2>&1; do
        tries=$((tries + 1))
        [ "$tries" -lt 150 ] || { echo "bench: pipewire-pulse did not start; see $pw_dir/*.log" >&2; exit 1; }
        sleep 0.1
    done
    env $pw_env pactl load-module module-null-sink sink_name=alarmplaybench rate=48000 channels=1 > /dev/null
    env $pw_env pactl set-default-sink alarmplaybench
    until [ "$(env $pw_env pactl get-default-sink)" = alarmplaybench ]; do sleep 0.05; done
}

pipewire_stop() {
    for pid in $pw_pids; do
        kill "$pid" 2> /dev/null
        wait "$pid" 2> /dev/null
    done
    pw_pids=""
}

# Starts parec on the null sink's monitor (mono S16 48 kHz raw into FILE) and dates its first
# sample. Sets $record_pid and $record_t0 (epoch seconds).
record_start() {
    set -- $(python3 "$bench_dir/benchlib.py" record "$1" "$pulse_sink.monitor")
    record_pid=$1
    record_t0=$2
    bench_track "$record_pid"
}

# Runs a command under /usr/bin/time; prints "wall user sys maxrss_kb".
measure() {
    /usr/bin/time -f '%e %U %S %M' -o "$work/time.out" "$@" > /dev/null 2> "$work/measure.err" || {
        echo "bench: failed: $*" >&2
        cat "$work/measure.err" >&2
        exit 1
    }
    tail -n 1 "$work/time.out"
}

# Adds one result row. RATIO and VERDICT are computed when TARGET is "<=X" (ratio) or "<X unit"
# (absolute: the alarmplay figure is compared) or "±X" (alarmplay and anchor differ by at most X);
# pass "-" for no target.
# row METRIC ALARMPLAY ANCHOR TARGET [RATIO]
row() {
    metric=$1 mine=$2 anchor=$3 target=$4 ratio=${5:-}
    verdict=-
    if [ -z "$ratio" ]; then
        ratio=$(awk -v a="$mine" -v b="$anchor" 'BEGIN { if (b + 0 > 0 && a ~ /^[0-9.]+/) printf "%.2fx", a / b; else print "-" }')
    fi
    case $target in
        "<="*x) verdict=$(awk -v r="${ratio%x}" -v t="${target#<=}" 'BEGIN { t += 0; print (r != "-" && r + 0 <= t) ? "PASS" : "FAIL" }') ;;
        "<"*) verdict=$(awk -v a="$mine" -v t="${target#<}" 'BEGIN { print (a + 0 < t + 0) ? "PASS" : "FAIL" }') ;;
        "±"*) verdict=$(awk -v a="$mine" -v b="$anchor" -v t="${target#±}" 'BEGIN { d = a - b; if (d < 0) d = -d; print (d <= t + 0) ? "PASS" : "FAIL" }') ;;
    esac
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$metric" "$mine" "$anchor" "$ratio" "$target" "$verdict" >> "$table"
}

print_table() {
    {
        printf 'metric\talarmplay\tanchor\tratio\ttarget\tverdict\n'
        cat "$table"
    } | column -t -s "$(printf '\t')"
    echo "   load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
}

kb_to_mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }

# Adds a row as given: row_raw METRIC ALARMPLAY ANCHOR RATIO TARGET VERDICT
row_raw() { printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >> "$table"; }

# "p50 / p99 / max" from benchlib's stats output ("n p50 p99 max").
triple() { echo "$2 / $3 / $4"; }

# PASS when the number is below the limit.
below() { awk -v a="$1" -v t="$2" 'BEGIN { print (a != "-" && a + 0 < t + 0) ? "PASS" : "FAIL" }'; }
