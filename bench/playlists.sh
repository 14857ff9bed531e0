#!/usr/bin/env bash
# Smart playlists at a million episodes (issue 40): `earshot-bench playlists` times every playlist of a
# test set (each rule, orders, words, what was said), evaluated on a reader as the daemon does, on a copy
# of the library `earshot-bench find --keep` built (bench/find.sh --directory DIR), given listening state,
# lengths, dates and 2,000 transcripts first.
#
# Usage: bench/playlists.sh --directory DIR [--build DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
build=.build/release
directory=
while (($#)); do
    case $1 in
        --build) build=$2; shift ;;
        --directory) directory=$2; shift ;;
        *) echo "playlists.sh: unknown option $1" >&2; exit 64 ;;
    esac
    shift
done
[[ -n $directory && -f $directory/indexed.sqlite ]] || { echo "playlists.sh: --directory DIR with DIR/indexed.sqlite (bench/find.sh --directory DIR --keep)" >&2; exit 64; }
bench=$(realpath "$build")/earshot-bench
[[ -x $bench ]] || { echo "playlists.sh: $bench is missing: swift build -c release --product earshot-bench first" >&2; exit 1; }
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
cp "$directory/indexed.sqlite" "$copy/library.sqlite"
echo "## Smart playlists at a million episodes (earshot-bench playlists)"
"$bench" playlists --database "$copy/library.sqlite"
