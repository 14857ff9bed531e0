#!/usr/bin/env bash
# The speech recognition helper over real read speech with known text (bench/transcribe-score.py
# says what and how): 25 minutes of Asterisk's prompts, then 25 seconds of a LibriVox reading; word
# error rate, segment times, CPU seconds per second of speech, peak memory. Installs the Debian
# packages that carry the speech when they are missing and sets the helper up in .build/transcriber
# (make transcriber). Usage: bench/transcribe.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-debian-packages asterisk-core-sounds-en asterisk-core-sounds-en-wav pocketsphinx-testdata gstreamer1.0-tools \
    gstreamer1.0-plugins-base gstreamer1.0-plugins-good
scripts/setup-transcriber .build/transcriber
helper=.build/transcriber/bin/earshot-transcriber
echo "## Speech recognition: earshot-transcriber over Asterisk's English prompts ($(date -u +%F))"
python3 bench/transcribe-score.py --helper "$helper" --corpus asterisk --keep bench/out/transcribe/asterisk
echo
echo "## Speech recognition: earshot-transcriber over a LibriVox reading of Sense and Sensibility"
python3 bench/transcribe-score.py --helper "$helper" --corpus librivox --keep bench/out/transcribe/librivox
