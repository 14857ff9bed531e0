#!/usr/bin/env bash
# The speech recognition helper over 25 minutes of real read speech with known text
# (bench/transcribe-score.py says what and how): word error rate, CPU seconds per second of
# speech, peak memory. Installs the Asterisk prompts it reads from Debian when they are missing
# and sets the helper up in .build/transcriber (make transcriber). Usage: bench/transcribe.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-debian-packages asterisk-core-sounds-en asterisk-core-sounds-en-wav gstreamer1.0-tools \
    gstreamer1.0-plugins-base gstreamer1.0-plugins-good
scripts/setup-transcriber .build/transcriber
echo "## Speech recognition: earshot-transcriber over Asterisk's English prompts ($(date -u +%F))"
python3 bench/transcribe-score.py --helper .build/transcriber/bin/earshot-transcriber --keep bench/out/transcribe "$@"
