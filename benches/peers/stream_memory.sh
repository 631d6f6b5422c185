#!/usr/bin/env bash
# Peak memory of `delve maze` streaming a maze 1000 cells wide: max RSS (GNU time) for
# 10k, 100k and 1M rows. Eller's algorithm keeps two arrays of width + 1, so the peak
# must not grow with the number of rows.
#
#     benches/peers/stream_memory.sh
#
# Builds the real binary with the root crate's own release profile, into a target
# directory of its own (benches/peers/target/delve-bin), without touching Cargo.lock.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
target="$here/target/delve-bin"
width=1000

if [ ! -x /usr/bin/time ]; then
    echo "needs GNU time at /usr/bin/time (Debian/Ubuntu: apt-get install time)" >&2
    exit 2
fi

CARGO_TARGET_DIR="$target" cargo build --release --locked --no-default-features \
    --bin delve --manifest-path "$root/Cargo.toml" >&2
bin="$target/release/delve"

# Sanity: Tromp's format is a top line of 2·width characters, then one line of
# 2·width + 1 characters per row.
shape="$("$bin" maze --width "$width" --rows 10 | awk '{print length($0)}' | sort | uniq -c | xargs)"
if [ "$shape" != "1 $((2 * width)) 10 $((2 * width + 1))" ]; then
    echo "unexpected maze text (count, line length): $shape" >&2
    exit 1
fi

tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
echo "delve maze --width $width --rows N > /dev/null ($(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs))"
echo
echo "| rows | output | wall time | max RSS |"
echo "|---:|---:|---:|---:|"
first=""
last=""
for rows in 10000 100000 1000000; do
    /usr/bin/time -f '%e %M' -o "$tmp" "$bin" maze --width "$width" --rows "$rows" > /dev/null
    read -r seconds kib < "$tmp"
    bytes=$(( 2 * width + 1 + rows * (2 * width + 2) ))
    printf '| %s | %s MB | %s s | %s KiB |\n' "$rows" "$((bytes / 1000000))" "$seconds" "$kib"
    first="${first:-$kib}"
    last="$kib"
done
echo
# Flat: 1M rows may use at most 5% (and 256 KiB) more than 10k rows.
allowed=$(( first + first / 20 + 256 ))
if [ "$last" -le "$allowed" ]; then
    echo "flat: max RSS $first KiB at 10k rows, $last KiB at 1M rows"
else
    echo "NOT flat: max RSS $first KiB at 10k rows, $last KiB at 1M rows" >&2
    exit 1
fi
