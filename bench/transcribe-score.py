#!/usr/bin/env python3
"""The speech recognition helper over real read speech with known text (bench/transcribe.sh).

The speech: Asterisk's core English prompts read by Allison Smith (Debian's asterisk-core-sounds-en-wav,
8 kHz WAV files, CC-BY-SA 3.0), each with its text in asterisk-core-sounds-en's core-sounds-en.txt.
The prompts are joined in that file's order with a second of silence between them, resampled to the
helper's 16 kHz by GStreamer as the daemon does, and fed to the helper at once. Prints the word
error rate, the helper's CPU time per second of speech, its peak resident memory and its wall time.
"""

import argparse
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import wave

SOUNDS = "/usr/share/asterisk/sounds/en_US_f_Allison"
TEXTS = "/usr/share/doc/asterisk-core-sounds-en/core-sounds-en.txt.gz"
GAP = 1.0
ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen " \
       "sixteen seventeen eighteen nineteen".split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_words(n):
    """An integer in words, as it is read: 1234 is 'one thousand two hundred thirty four'."""
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("" if n % 10 == 0 else " " + ONES[n % 10])
    for size, name in ((10 ** 9, "billion"), (10 ** 6, "million"), (1000, "thousand"), (100, "hundred")):
        if n >= size:
            rest = n % size
            return number_words(n // size) + " " + name + ("" if rest == 0 else " " + number_words(rest))
    raise ValueError(n)


CONTRACTIONS = [(r"\bcan't\b", "can not"), (r"\bwon't\b", "will not"), (r"\bcannot\b", "can not"),
                (r"n't\b", " not"), (r"'re\b", " are"), (r"\bi'm\b", "i am"), (r"'ll\b", " will"),
                (r"'ve\b", " have")]


def normalise(text):
    """Lower case words, punctuation removed, contractions spelled out, numbers and the keypad's
    signs as words: both the reference and what the helper wrote go through this."""
    text = re.sub(r"\[[^\]]*\]", " ", text.lower()).replace("\u2019", "'")
    for pattern, replacement in CONTRACTIONS:
        text = re.sub(pattern, replacement, text)
    text = text.replace("#", " pound ").replace("*", " star ").replace("%", " percent ").replace("&", " and ")
    text = re.sub(r"(\d+)\.(\d+)", lambda m: m.group(1) + " point " + " ".join(m.group(2)), text)
    text = re.sub(r"(\d+)(st|nd|rd|th)\b", r"\1", text)
    text = re.sub(r"\d+", lambda m: " " + number_words(int(m.group())) + " ", text)
    text = text.replace("'", "")
    return re.sub(r"[^a-z]+", " ", text).split()


def edit_distance(reference, hypothesis):
    previous = list(range(len(hypothesis) + 1))
    for i, word in enumerate(reference, 1):
        current = [i]
        for j, heard in enumerate(hypothesis, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (word != heard)))
        previous = current
    return previous[-1]


def prompts():
    """(file, text) for every prompt with speech, in the order of core-sounds-en.txt."""
    with gzip.open(TEXTS, "rt", encoding="utf-8", errors="replace") as file:
        for line in file:
            name, colon, text = line.partition(":")
            if not colon or line.startswith(";"):
                continue
            path = os.path.join(SOUNDS, name.strip() + ".wav")
            if os.path.exists(path) and normalise(text):
                yield path, text.strip()


def build_stream(folder):
    """The prompts joined into one 16 kHz s16le file; returns its path, the texts and seconds of speech."""
    joined = os.path.join(folder, "prompts-8k.wav")
    texts, speech_frames = [], 0
    with wave.open(joined, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(8000)
        for path, text in prompts():
            with wave.open(path) as prompt:
                assert (prompt.getnchannels(), prompt.getsampwidth(), prompt.getframerate()) == (1, 2, 8000), path
                out.writeframes(prompt.readframes(prompt.getnframes()))
                speech_frames += prompt.getnframes()
            out.writeframes(bytes(int(GAP * 8000) * 2))
            texts.append(text)
    raw = os.path.join(folder, "prompts-16k.raw")
    subprocess.run(["gst-launch-1.0", "-q", "filesrc", f"location={joined}", "!", "wavparse", "!",
                    "audioconvert", "!", "audioresample", "!",
                    "audio/x-raw,format=S16LE,rate=16000,channels=1", "!", "filesink", f"location={raw}"],
                   check=True)
    return raw, texts, speech_frames / 8000


def print_word_error_rate(texts, segments):
    reference = [word for text in texts for word in normalise(text)]
    hypothesis = [word for segment in segments for word in normalise(segment["text"])]
    errors = edit_distance(reference, hypothesis)
    print(f"word error rate: {100 * errors / len(reference):.2f} % ({errors} errors in {len(reference)} words)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--helper", help="the earshot-transcriber to run")
    parser.add_argument("--keep", help="write the helper's lines and the texts to this folder")
    parser.add_argument("--rescore", metavar="FOLDER",
                        help="only score again the lines and texts an earlier run kept in FOLDER")
    arguments = parser.parse_args()
    if arguments.rescore:
        with open(os.path.join(arguments.rescore, "reference.txt")) as file:
            texts = file.read().splitlines()
        with open(os.path.join(arguments.rescore, "helper.jsonl")) as file:
            segments = [line for line in map(json.loads, file) if "text" in line]
        print_word_error_rate(texts, segments)
        return
    if not arguments.helper:
        parser.error("--helper is needed (or --rescore)")

    with tempfile.TemporaryDirectory() as folder:
        raw, texts, speech_seconds = build_stream(folder)
        stream_seconds = os.path.getsize(raw) / 2 / 16000
        with open(raw, "rb") as stdin:
            started = time.monotonic()
            process = subprocess.Popen([arguments.helper], stdin=stdin, stdout=subprocess.PIPE)
            output = process.stdout.read()
            _, status, usage = os.wait4(process.pid, 0)
            wall = time.monotonic() - started
    if status != 0:
        sys.exit(f"the helper exited with status {status}")
    lines = [json.loads(line) for line in output.decode("utf-8").splitlines()]
    segments = [line for line in lines if "text" in line]
    cpu = usage.ru_utime + usage.ru_stime
    if arguments.keep:
        os.makedirs(arguments.keep, exist_ok=True)
        with open(os.path.join(arguments.keep, "helper.jsonl"), "wb") as file:
            file.write(output)
        with open(os.path.join(arguments.keep, "reference.txt"), "w") as file:
            file.write("\n".join(texts) + "\n")
    print(f"speech: {len(texts)} prompts, {speech_seconds / 60:.1f} min of speech in a "
          f"{stream_seconds / 60:.1f} min stream; {len(segments)} segments written")
    print_word_error_rate(texts, segments)
    print(f"helper CPU: {cpu:.1f} s = {cpu / speech_seconds:.3f} CPU-s per second of speech "
          f"({cpu / stream_seconds:.3f} per second of stream); wall {wall:.1f} s")
    print(f"helper peak resident memory: {usage.ru_maxrss / 1024:.0f} MB")
    print(f"an hour-long episode of speech: {cpu / speech_seconds * 60:.1f} CPU-minutes on one core")


if __name__ == "__main__":
    main()
