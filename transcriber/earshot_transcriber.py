"""earshot-transcriber: Earshot's speech recognition helper (docs/transcription.md).

  earshot-transcriber --describe
  earshot-transcriber [--offset SECONDS] < audio.s16le

Reads raw PCM from standard input (signed 16-bit little-endian, mono, 16,000 Hz) until its end and
writes one JSON line per utterance recognised, flushed at once: first the engine's description,
then {"start":…,"end":…,"text":…} in time order, then {"done":true,"seconds":…}. When the engine
cannot load, the only line is {"error":"…"} and the exit status is 2. It reads one block at a time
and transcribes each utterance before reading on, so its memory does not grow with the stream.
"""

import ctypes
import json
import math
import os
import platform
import sys

for variable in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_DATASETS_OFFLINE"):
    os.environ[variable] = "1"

from pinned_files import EngineUnavailable  # noqa: E402 (after the offline switches)
from segmenter import Segmenter  # noqa: E402

SAMPLE_RATE = 16000
FRAME = 512                  # samples per voice activity frame
BLOCK_FRAMES = 32            # frames read from stdin at a time (about 1 s)
ENGINE_UNAVAILABLE = 2
FAILED = 1

# ioprio_set(2) has no wrapper in the C library: its system call number per machine.
IOPRIO_SET = {"x86_64": 251, "i386": 289, "i686": 289, "aarch64": 30, "riscv64": 30,
              "armv7l": 314, "ppc64le": 273, "s390x": 282}
IOPRIO_WHO_PROCESS = 1
IOPRIO_CLASS_IDLE = 3
IOPRIO_CLASS_SHIFT = 13

USAGE = "usage: earshot-transcriber --describe | earshot-transcriber [--offset SECONDS] < pcm"


class UsageError(Exception):
    pass


def parse_arguments(arguments):
    """(describe, offset) from the command line, or UsageError in plain words."""
    describe, offset = False, 0.0
    rest = list(arguments)
    while rest:
        argument = rest.pop(0)
        if argument == "--describe":
            describe = True
        elif argument == "--offset" or argument.startswith("--offset="):
            value = argument.partition("=")[2] if "=" in argument else (rest.pop(0) if rest else None)
            if value is None:
                raise UsageError("--offset needs a number of seconds")
            try:
                offset = float(value)
            except ValueError:
                raise UsageError(f"--offset needs a number of seconds, not '{value}'") from None
            if not math.isfinite(offset) or offset < 0:
                raise UsageError(f"--offset needs a number of seconds from 0 up, not '{value}'")
        elif argument in ("-h", "--help"):
            raise UsageError(USAGE)
        else:
            raise UsageError(f"unknown argument '{argument}' ({USAGE})")
    return describe, offset


def lower_priority():
    """Idle CPU priority (nice 19) and the idle I/O class, so the listener's desktop goes first."""
    try:
        os.setpriority(os.PRIO_PROCESS, 0, 19)
    except OSError:
        pass
    number = IOPRIO_SET.get(platform.machine())
    if number is not None:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.syscall(number, IOPRIO_WHO_PROCESS, 0, IOPRIO_CLASS_IDLE << IOPRIO_CLASS_SHIFT)


def write_line(value):
    sys.stdout.buffer.write(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n")
    sys.stdout.buffer.flush()


def load(describe_only):
    """The engine and the voice activity detector, each model file checked against its hash; the
    engine's models loaded too unless only its description is wanted (that takes seconds)."""
    from moonshine_engine import MoonshineEngine
    engine = MoonshineEngine()
    if not describe_only:
        engine.load()
    import numpy
    from silero_vad_model import SileroVad
    try:
        vad = SileroVad(numpy)
    except EngineUnavailable:
        raise
    except Exception as error:  # onnxruntime raises its own exception types
        raise EngineUnavailable(f"onnxruntime cannot load the voice activity detector: {error}") from None
    return engine, vad, numpy


class Transcription:
    """The stream's state: frames go to the detector, utterances to the engine, lines to stdout."""

    def __init__(self, engine, vad, numpy, offset):
        self.engine, self.vad, self.numpy, self.offset = engine, vad, numpy, offset
        self.segmenter = Segmenter()
        self.bytes_read = 0

    def run(self, stream):
        block_bytes = BLOCK_FRAMES * FRAME * 2
        pending = b""
        while True:
            data = stream.read(block_bytes - len(pending))
            if not data:
                break
            self.bytes_read += len(data)
            pending += data
            whole = len(pending) - len(pending) % (FRAME * 2)
            if whole:
                self.frames(pending[:whole])
                pending = pending[whole:]
        if len(pending) >= 2:
            usable = pending[:len(pending) - len(pending) % 2]
            self.frames(usable + bytes(FRAME * 2 - len(usable)))
        for utterance in self.segmenter.finish():
            self.emit(utterance)
        write_line({"done": True, "seconds": round(self.seconds_read(), 3)})

    def seconds_read(self):
        return self.bytes_read // 2 / SAMPLE_RATE

    def frames(self, data):
        numpy = self.numpy
        samples = numpy.frombuffer(data, dtype="<i2").astype(numpy.float32) / 32768.0
        frames = samples.reshape(-1, FRAME)
        for frame, probability in zip(frames, self.vad.probabilities(frames)):
            for utterance in self.segmenter.push(frame, float(probability)):
                self.emit(utterance)

    def emit(self, utterance):
        text = " ".join(self.engine.transcribe(self.numpy.concatenate(utterance.frames)).split())
        if not text:
            return
        heard = self.seconds_read()
        start = min(utterance.start * FRAME / SAMPLE_RATE, heard)
        end = min(utterance.end * FRAME / SAMPLE_RATE, heard)
        write_line({"start": round(self.offset + start, 2), "end": round(self.offset + end, 2),
                    "text": text})


def main(arguments):
    try:
        describe, offset = parse_arguments(arguments)
    except UsageError as error:
        print(f"earshot-transcriber: {error}", file=sys.stderr)
        return FAILED
    lower_priority()
    try:
        engine, vad, numpy = load(describe)
    except EngineUnavailable as error:
        write_line({"error": str(error)})
        return ENGINE_UNAVAILABLE
    write_line(engine.describe())
    if describe:
        return 0
    try:
        Transcription(engine, vad, numpy, offset).run(sys.stdin.buffer)
    except BrokenPipeError:
        print("earshot-transcriber: standard output was closed; stopping", file=sys.stderr)
        return FAILED
    except Exception as error:  # one line in plain words rather than a traceback
        print(f"earshot-transcriber: transcription failed: {error}", file=sys.stderr)
        return FAILED
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
