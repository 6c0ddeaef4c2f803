#!/bin/sh
# Preview and sound-listing costs, side by side with aplay:
#  - peak RSS and CPU seconds of `alarmplay preview` of a 30 s 48 kHz stereo WAV to a private
#    PulseAudio null sink (--device pulse) against `aplay -D pulse` (targets: CPU <= 1.5x, RSS <= 2x);
#  - peak RSS previewing a 20-minute FLAC against a 10-second FLAC to the `null` PCM (streaming:
#    equal within 1 MB);
#  - wall time of `alarmplay sounds` with 50 files in a --sounds folder (median; target < 50 ms).
# Usage: bench/preview.sh   (QUICK=1: 10 s WAV, 5-minute FLAC, 7 runs; see bench/lib.sh for more)
set -eu
. "$(dirname "$0")/lib.sh"

if [ -n "${QUICK:-}" ]; then clip=10 long=300 runs=7; else clip=30 long=1200 runs=21; fi

bench_build
bench_header "preview: ${clip} s WAV through PulseAudio, ${long} s FLAC to null, sounds with 50 files"
pulse_start

sounds=$work/sounds
mkdir -p "$sounds" "$work/fifty"
sox -n -r 48000 -c 2 -b 16 "$sounds/clip.wav" synth "$clip" sine 440 sine 660 gain -6
sox -n -r 48000 -c 2 -b 16 "$sounds/short.flac" synth 10 sine 220-880 sine 330-990 gain -6
sox "$sounds/short.flac" "$sounds/long.flac" repeat $((long / 10 - 1))

# 1. Real-time playback through PulseAudio: aplay first, then alarmplay, one at a time.
set -- $(measure aplay -q -D pulse "$sounds/clip.wav")
aplay_wall=$1 aplay_cpu=$(awk -v u="$2" -v s="$3" 'BEGIN { printf "%.2f", u + s }') aplay_rss=$4
set -- $(measure "$alarmplay" preview file:clip --sounds "$sounds" --device pulse)
mine_wall=$1 mine_cpu=$(awk -v u="$2" -v s="$3" 'BEGIN { printf "%.2f", u + s }') mine_rss=$4
row "preview ${clip}s WAV via pulse: CPU s (user+sys)" "$mine_cpu" "$aplay_cpu" "<=1.5x"
row "preview ${clip}s WAV via pulse: peak RSS MB" "$(kb_to_mb "$mine_rss")" "$(kb_to_mb "$aplay_rss")" "<=2x"
row "preview ${clip}s WAV via pulse: wall s" "$mine_wall" "$aplay_wall" "-"

# 2. Streaming: memory must not grow with the file's length (null PCM: as fast as it decodes).
set -- $(measure "$alarmplay" preview file:short --sounds "$sounds" --device null)
short_rss=$4
set -- $(measure "$alarmplay" preview file:long --sounds "$sounds" --device null)
long_rss=$4 long_wall=$1
row "preview FLAC to null: peak RSS MB, ${long}s vs 10s file" "$(kb_to_mb "$long_rss")" "$(kb_to_mb "$short_rss")" "±1 MB"
row "preview ${long}s FLAC to null: wall s (decode speed)" "$long_wall" "-" "-" "$(awk -v w="$long_wall" -v l="$long" 'BEGIN { printf "%.0fx real time", l / w }')"

# 3. `sounds` with 50 files of the common formats (every one is opened to read its details).
for kind in wav flac ogg; do
    sox -n -r 44100 -c 2 "$work/seed.$kind" synth 2 pluck C4 2> /dev/null
done
i=1
while [ "$i" -le 50 ]; do
    case $((i % 3)) in 0) kind=wav ;; 1) kind=flac ;; *) kind=ogg ;; esac
    cp "$work/seed.$kind" "$work/fifty/sound-$i.$kind"
    i=$((i + 1))
done
set -- $(python3 "$bench_dir/benchlib.py" walltime "$runs" "$alarmplay" sounds --sounds "$work/fifty")
sounds_median=$1 sounds_min=$2 sounds_max=$3
set -- $(python3 "$bench_dir/benchlib.py" walltime "$runs" "$alarmplay" sounds --sounds "$work/fifty" --json)
json_median=$1
set -- $(python3 "$bench_dir/benchlib.py" walltime "$runs" "$alarmplay" --version)
startup_median=$1
row "sounds, 50 files: wall ms (median of $runs; min $sounds_min, max $sounds_max); anchor: --version" "$sounds_median" "$startup_median" "<50 ms"
row "sounds --json, 50 files: wall ms (median of $runs); anchor: --version" "$json_median" "$startup_median" "<50 ms"

print_table
