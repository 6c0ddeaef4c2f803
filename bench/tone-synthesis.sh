#!/bin/sh
# Tone synthesis speed in multiples of real time on one core (target: at least 1000x).
# Builds the tone-bench executable in release mode and renders every built-in tone REPEATS
# times (default 50), timing the thread's CPU so other load on the machine does not count.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --product tone-bench >/dev/null
exec .build/release/tone-bench "${1:-50}"
