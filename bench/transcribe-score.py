#!/usr/bin/env python3
"""The speech recognition helper over real read speech with known text (bench/transcribe.sh).

Two corpora from Debian packages:
  asterisk: Asterisk's core English prompts read by Allison Smith (asterisk-core-sounds-en-wav, 8 kHz
    WAV, CC-BY-SA 3.0), each with its text in asterisk-core-sounds-en's core-sounds-en.txt: 25 minutes.
  librivox: five clips of a LibriVox reading of Sense and Sensibility (public domain) with their
    transcription, from pocketsphinx-testdata (16 kHz WAV): 25 seconds.
The clips are joined in order with a second of silence after each, resampled to the helper's 16 kHz
by GStreamer as the daemon does, and fed to the helper at once. Prints the word error rate, how many
segment times fall within 0.5 s of the clips' speech, the helper's CPU time per second of speech, its
peak resident memory and its wall time.
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

ASTERISK_SOUNDS = "/usr/share/asterisk/sounds/en_US_f_Allison"
ASTERISK_TEXTS = "/usr/share/doc/asterisk-core-sounds-en/core-sounds-en.txt.gz"
LIBRIVOX = "/usr/share/pocketsphinx/test/data/librivox"
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


ABBREVIATIONS = {"mr": "mister", "mrs": "missus", "dr": "doctor"}
CONTRACTIONS = [(r"\bcan't\b", "can not"), (r"\bwon't\b", "will not"), (r"\bcannot\b", "can not"),
                (r"n't\b", " not"), (r"'re\b", " are"), (r"\bi'm\b", "i am"), (r"'ll\b", " will"),
                (r"'ve\b", " have")]


def normalise(text):
    """Lower case words, punctuation removed, contractions spelled out, numbers and the keypad's
    signs as words: both the reference and what the helper wrote go through this."""
    text = re.sub(r"\[[^\]]*\]", " ", text.lower()).replace("\u2019", "'")
    text = re.sub(r"\b(mr|mrs|dr)\.?(?=\s)", lambda m: ABBREVIATIONS[m.group(1)], text)
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


def asterisk():
    """(file, text) for every Asterisk prompt with speech, in the order of core-sounds-en.txt."""
    with gzip.open(ASTERISK_TEXTS, "rt", encoding="utf-8", errors="replace") as file:
        for line in file:
            name, colon, text = line.partition(":")
            if not colon or line.startswith(";"):
                continue
            path = os.path.join(ASTERISK_SOUNDS, name.strip() + ".wav")
            if os.path.exists(path) and normalise(text):
                yield path, text.strip()


def librivox():
    """(file, text) for the LibriVox clips pocketsphinx-testdata ships, with their transcription."""
    with open(os.path.join(LIBRIVOX, "transcription"), encoding="utf-8") as file:
        for line in file:
            match = re.fullmatch(r"<s> (.*) </s> \((.*)\)", line.strip())
            if match:
                yield os.path.join(LIBRIVOX, match.group(2) + ".wav"), match.group(1)


CORPORA = {"asterisk": asterisk, "librivox": librivox}


def speech_bounds(pcm, rate, level=300):
    """Seconds of the first and last sample of PCM (s16le) louder than LEVEL."""
    samples = memoryview(pcm).cast("h")
    loud = [index for index in range(len(samples)) if abs(samples[index]) > level]
    return (loud[0] / rate, (loud[-1] + 1) / rate) if loud else None


def build_stream(folder, items):
    """The clips joined with GAP seconds of silence after each, resampled to one 16 kHz s16le file by
    GStreamer; returns its path, the texts, the seconds of the clips and where each one's speech is."""
    joined = os.path.join(folder, "joined.wav")
    texts, clip_seconds, speech, at = [], 0.0, [], 0.0
    out = None
    for path, text in items:
        with wave.open(path) as clip:
            rate = clip.getframerate()
            assert (clip.getnchannels(), clip.getsampwidth()) == (1, 2), path
            if out is None:
                out = wave.open(joined, "wb")
                out.setnchannels(1)
                out.setsampwidth(2)
                out.setframerate(rate)
            assert rate == out.getframerate(), path
            pcm = clip.readframes(clip.getnframes())
        bounds = speech_bounds(pcm, rate)
        speech.append((at + bounds[0], at + bounds[1]) if bounds else None)
        out.writeframes(pcm + bytes(int(GAP * rate) * 2))
        seconds = len(pcm) / 2 / rate
        clip_seconds += seconds
        at += seconds + GAP
        texts.append(text)
    out.close()
    raw = os.path.join(folder, "joined-16k.raw")
    subprocess.run(["gst-launch-1.0", "-q", "filesrc", f"location={joined}", "!", "wavparse", "!",
                    "audioconvert", "!", "audioresample", "!",
                    "audio/x-raw,format=S16LE,rate=16000,channels=1", "!", "filesink", f"location={raw}"],
                   check=True)
    return raw, texts, clip_seconds, speech


def times_within(segments, speech, tolerance=0.5):
    """How many clips' speech starts, and ends, within TOLERANCE of the first and last segment that
    falls in the clip (a segment belongs to the clip its middle is nearest to)."""
    starts = ends = counted = 0
    for index, bounds in enumerate(speech):
        if bounds is None:
            continue
        low = (speech[index - 1][1] + bounds[0]) / 2 if index and speech[index - 1] else 0
        high = (bounds[1] + speech[index + 1][0]) / 2 if index + 1 < len(speech) and speech[index + 1] else 1e9
        mine = [s for s in segments if low <= (s["start"] + s["end"]) / 2 < high]
        if not mine:
            continue
        counted += 1
        starts += abs(mine[0]["start"] - bounds[0]) <= tolerance
        ends += abs(mine[-1]["end"] - bounds[1]) <= tolerance
    return starts, ends, counted


def run_helper(helper, raw):
    """Runs HELPER on the file RAW (None: no audio); returns its CPU seconds, peak resident MB, wall
    seconds and output."""
    with open(raw or os.devnull, "rb") as stdin:
        started = time.monotonic()
        process = subprocess.Popen([helper], stdin=stdin, stdout=subprocess.PIPE)
        output = process.stdout.read()
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.monotonic() - started
    if status != 0:
        sys.exit(f"the helper exited with status {status}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, wall, output


def print_word_error_rate(texts, segments):
    reference = [word for text in texts for word in normalise(text)]
    hypothesis = [word for segment in segments for word in normalise(segment["text"])]
    errors = edit_distance(reference, hypothesis)
    print(f"word error rate: {100 * errors / len(reference):.2f} % ({errors} errors in {len(reference)} words)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--helper", help="the earshot-transcriber to run")
    parser.add_argument("--corpus", choices=sorted(CORPORA), default="asterisk")
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

    startup_cpu = run_helper(arguments.helper, None)[0]
    with tempfile.TemporaryDirectory() as folder:
        raw, texts, speech_seconds, speech = build_stream(folder, CORPORA[arguments.corpus]())
        stream_seconds = os.path.getsize(raw) / 2 / 16000
        cpu, peak, wall, output = run_helper(arguments.helper, raw)
    lines = [json.loads(line) for line in output.decode("utf-8").splitlines()]
    segments = [line for line in lines if "text" in line]
    working = (cpu - startup_cpu) / speech_seconds
    if arguments.keep:
        os.makedirs(arguments.keep, exist_ok=True)
        with open(os.path.join(arguments.keep, "helper.jsonl"), "wb") as file:
            file.write(output)
        with open(os.path.join(arguments.keep, "reference.txt"), "w") as file:
            file.write("\n".join(texts) + "\n")
    print(f"speech: {len(texts)} clips, {speech_seconds / 60:.1f} min of speech in a "
          f"{stream_seconds / 60:.1f} min stream; {len(segments)} segments written")
    print_word_error_rate(texts, segments)
    starts, ends, counted = times_within(segments, speech)
    print(f"segment times within 0.5 s of the speech: first starts {starts}/{counted}, last ends {ends}/{counted}")
    print(f"helper CPU: {cpu:.1f} s in all = {cpu / speech_seconds:.3f} CPU-s per second of speech "
          f"({cpu / stream_seconds:.3f} per second of stream); wall {wall:.1f} s")
    print(f"of which starting (loading the models, the same run on no audio): {startup_cpu:.1f} CPU-s; "
          f"the rest {working:.3f} CPU-s per second of speech")
    print(f"helper peak resident memory: {peak:.0f} MB")
    print(f"an hour-long episode of speech: {(startup_cpu + working * 3600) / 60:.1f} CPU-minutes on one core")


if __name__ == "__main__":
    main()
