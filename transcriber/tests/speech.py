"""Audio for the helper's tests: espeak-ng speech resampled by GStreamer to the helper's format,
silence and quiet noise, and the helper itself run as the daemon runs it."""

import json
import os
import random
import shutil
import struct
import subprocess
import tempfile

SAMPLE_RATE = 16000
REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def helper_command():
    """$EARSHOT_TRANSCRIBER, or the one `make transcriber` sets up in .build/transcriber."""
    path = os.environ.get("EARSHOT_TRANSCRIBER") or os.path.join(
        REPOSITORY, ".build", "transcriber", "bin", "earshot-transcriber")
    if not os.access(path, os.X_OK):
        raise RuntimeError(f"no transcriber at {path}: run make transcriber (or set EARSHOT_TRANSCRIBER)")
    return path


def espeak(text):
    """TEXT spoken by espeak-ng, as s16le mono 16 kHz bytes (resampled by gst-launch-1.0)."""
    with tempfile.TemporaryDirectory() as folder:
        wav, raw = os.path.join(folder, "speech.wav"), os.path.join(folder, "speech.raw")
        subprocess.run(["espeak-ng", "-w", wav, text], check=True)
        subprocess.run(["gst-launch-1.0", "-q", "filesrc", f"location={wav}", "!", "wavparse", "!",
                        "audioconvert", "!", "audioresample", "!",
                        f"audio/x-raw,format=S16LE,rate={SAMPLE_RATE},channels=1", "!",
                        "filesink", f"location={raw}"], check=True)
        with open(raw, "rb") as file:
            return file.read()


def silence(seconds):
    return bytes(int(seconds * SAMPLE_RATE) * 2)


def quiet_noise(seconds, level=40, seed=1):
    """Low white noise (level out of 32768), as a room's hiss between sentences."""
    generator = random.Random(seed)
    count = int(seconds * SAMPLE_RATE)
    return struct.pack(f"<{count}h", *(generator.randint(-level, level) for _ in range(count)))


def sound_bounds(pcm, level=300):
    """Seconds of the first and the last sample louder than LEVEL: where the speech is."""
    samples = struct.unpack(f"<{len(pcm) // 2}h", pcm)
    loud = [index for index, sample in enumerate(samples) if abs(sample) > level]
    return loud[0] / SAMPLE_RATE, (loud[-1] + 1) / SAMPLE_RATE


def run_helper(pcm, *arguments, env=None, timeout=120):
    """Runs the helper on PCM; returns (exit status, the JSON lines it wrote, stderr)."""
    result = subprocess.run([helper_command(), *arguments], input=pcm, capture_output=True,
                            timeout=timeout, env=env)
    lines = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    return result.returncode, lines, result.stderr.decode("utf-8", errors="replace")


def words(text):
    """Lower case words without punctuation, for comparing texts."""
    kept = "".join(character.lower() if character.isalnum() or character == "'" else " "
                   for character in text)
    return kept.replace("'", "").split()


def have_tools():
    return all(shutil.which(tool) for tool in ("espeak-ng", "gst-launch-1.0"))
