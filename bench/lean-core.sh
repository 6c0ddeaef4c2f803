#!/bin/sh
# The lean core (issue 19), side by side with aplay in one run:
#  - `--version`: CPU ms (median of RUNS, wait4) and peak RSS against `aplay --version`;
#  - `preview` of a 30 s 48 kHz stereo WAV to a private PulseAudio (--device pulse) against
#    `aplay -D pulse` (targets: CPU <= 1.1x, RSS <= 2x);
#  - `run` idle peak RSS with the page and MQTT on (a private Mosquitto) against `run --no-http`
#    without MQTT (the page's and MQTT's libraries are loaded only then), aplay's as a scale.
# Also prints how many shared objects `--version` maps (LD_DEBUG=statistics relocations).
# Usage: bench/lean-core.sh   (QUICK=1: 10 s WAV, 11 runs; see bench/lib.sh for more)
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then clip=10 runs=11; else clip=30 runs=41; fi
lib="python3 $bench_dir/benchlib.py"
need mosquitto mosquitto_pub ldd readelf

bench_build
bench_header "lean core: --version, preview of a ${clip} s WAV, idle run with and without page and MQTT"
pulse_start

# 1. Start-up: nothing but the core's libraries is mapped.
set -- $($lib cpu "$runs" "$alarmplay" --version)
mine_cpu=$1
set -- $($lib cpu "$runs" aplay --version)
aplay_cpu=$1
set -- $(measure "$alarmplay" --version)
mine_rss=$4
set -- $(measure aplay --version)
aplay_rss=$4
row "--version: CPU ms (median of $runs)" "$mine_cpu" "$aplay_cpu" "-"
row "--version: peak RSS MB" "$(kb_to_mb "$mine_rss")" "$(kb_to_mb "$aplay_rss")" "-"
libraries=$(ldd "$alarmplay" | wc -l)
optional=$(ldd "$alarmplay" | grep -c -E 'microhttpd|mosquitto|espeak|qrencode|gnutls|libssl' || true)
row_raw "--version: shared objects (ldd); page/MQTT/speech/QR/TLS among them" "$libraries; $optional" \
    "$(ldd "$(command -v aplay)" | wc -l)" - "0 optional" "$([ "$optional" -eq 0 ] && echo PASS || echo FAIL)"
relocations=$(LD_DEBUG=statistics "$alarmplay" --version 2>&1 >/dev/null | sed -n 's/.*final number of relocations: *//p' | head -n 1)
aplay_relocations=$(LD_DEBUG=statistics aplay --version 2>&1 >/dev/null | sed -n 's/.*final number of relocations: *//p' | head -n 1)
row "--version: relocations at start (LD_DEBUG=statistics)" "$relocations" "$aplay_relocations" "-"

# 2. A real-time preview through PulseAudio, aplay first.
sox -n -r 48000 -c 2 -b 16 "$work/clip.wav" synth "$clip" sine 440 sine 660 gain -6
mkdir -p "$work/sounds" && cp "$work/clip.wav" "$work/sounds/clip.wav"
$lib spawn4 "$work/aplay.cpu" /usr/bin/time -f '%M' -o "$work/aplay.time" aplay -q -D pulse "$work/clip.wav"
$lib spawn4 "$work/mine.cpu" /usr/bin/time -f '%M' -o "$work/mine.time" \
    "$alarmplay" preview file:clip --sounds "$work/sounds" --device pulse
row "preview ${clip}s WAV via pulse: CPU s (user+sys)" "$(cut -d' ' -f2 "$work/mine.cpu")" "$(cut -d' ' -f2 "$work/aplay.cpu")" "<=1.1x"
row "preview ${clip}s WAV via pulse: peak RSS MB" "$(kb_to_mb "$(tail -n 1 "$work/mine.time")")" \
    "$(kb_to_mb "$(tail -n 1 "$work/aplay.time")")" "<=2x"
# How much of alarmplay's own code a preview has mapped, against the whole of it: the kernel maps
# 64 KB around each page touched, so this is what Sources/alarmplay/text.order keeps small.
"$alarmplay" preview file:clip --sounds "$work/sounds" --device pulse < /dev/null &
preview_pid=$!
bench_track "$preview_pid"
sleep 2
mapped=$(awk -v binary="$(readlink -f "$alarmplay")" '
    /^[0-9a-f]+-[0-9a-f]+ / { code = ($2 == "r-xp" && $6 == binary) }
    code && /^Rss:/ { kb += $2 }
    END { print kb }' "/proc/$preview_pid/smaps")
kill "$preview_pid"
whole=$(($(readelf -lW "$alarmplay" | awk '$1 == "LOAD" && $8 == "E" { print $6 }')))
row "preview: alarmplay's code mapped, KB; anchor: all of its code" "$mapped" "$((whole / 1024))" "-"

# 3. Idle `run`: the page and MQTT cost memory only when they are on.
broker=$work/broker.sock
printf 'listener 0 %s\nallow_anonymous true\npersistence false\n%s\n' "$broker" "$([ "$(id -u)" -eq 0 ] && echo 'user root')" > "$work/broker.conf"
/usr/sbin/mosquitto -c "$work/broker.conf" > /dev/null 2>&1 &
bench_track $!
until mosquitto_pub --unix "$broker" -t ping -m 1 2> /dev/null; do sleep 0.1; done
year=$(($(date +%Y) + 1))
printf '{ "alarms": [ { "id": "far", "time": "06:00", "date": "%s-06-01", "sound": "tone:beep" } ] }\n' "$year" > "$work/idle.json"
mkdir -p "$work/runtime2" && chmod 700 "$work/runtime2"
"$alarmplay" run --alarms "$work/idle.json" --device null --no-http < /dev/null 2> "$work/plain.log" &
plain_pid=$!
bench_track "$plain_pid"
XDG_RUNTIME_DIR="$work/runtime2" "$alarmplay" run --alarms "$work/idle.json" --device null --http 127.0.0.1:0 \
    --mqtt "unix:$broker" --mqtt-id lean < /dev/null 2> "$work/faces.log" &
faces_pid=$!
bench_track "$faces_pid"
tries=0
until grep -q event=mqtt_connected "$work/faces.log" && grep -q event=http_listening "$work/faces.log"; do
    tries=$((tries + 1))
    [ "$tries" -lt 100 ] || { echo "bench: run with page and MQTT did not come up:" >&2; cat "$work/faces.log" >&2; exit 1; }
    sleep 0.1
done
sleep 2
plain_rss=$($lib hwm "$plain_pid")
faces_rss=$($lib hwm "$faces_pid")
faces_maps=$(grep -c -E 'microhttpd|mosquitto' "/proc/$faces_pid/maps" || true)
plain_maps=$(grep -c -E 'microhttpd|mosquitto' "/proc/$plain_pid/maps" || true)
kill "$plain_pid" "$faces_pid"
row "run idle peak RSS MB: page + MQTT on vs --no-http, no MQTT" "$(kb_to_mb "$faces_rss")" "$(kb_to_mb "$plain_rss")" "-"
row_raw "run idle: libmicrohttpd/libmosquitto mappings, on vs off" "$faces_maps" "$plain_maps" - "off: 0" \
    "$([ "$plain_maps" -eq 0 ] && [ "$faces_maps" -gt 0 ] && echo PASS || echo FAIL)"
row "run idle peak RSS MB, --no-http, no MQTT; anchor: aplay --version" "$(kb_to_mb "$plain_rss")" "$(kb_to_mb "$aplay_rss")" "-"

print_table
