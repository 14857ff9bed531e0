"""Cuts a stream of 32 ms frames into utterances, from the voice activity detector's probability for
each frame: an utterance starts at the first frame likely to be speech and ends where a pause long
enough begins; one that grows past the longest length the model handles well is cut at its quietest
stretch. Only the frames of the current utterance (and a short pre-roll) are kept."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    """In frames of 32 ms (512 samples at 16 kHz)."""
    threshold: float = 0.5          # a frame at or above this is speech
    quiet_threshold: float = 0.35   # a frame below this starts or continues a pause
    pause: int = 16                 # a pause this long (0.51 s) ends an utterance
    pad: int = 6                    # audio kept before and after the speech (0.19 s) for the model
    shortest: int = 8               # utterances with less speech (0.26 s) are dropped
    longest: int = 469              # an utterance is cut before it passes this (15 s)
    shortest_cut: int = 156         # ... but not in its first 5 s


@dataclass(frozen=True)
class Utterance:
    start: int      # the first frame of speech
    end: int        # the frame after the last one of speech
    frames: list    # the frames to give the model: the speech with up to `pad` frames either side


class Segmenter:
    def __init__(self, settings=Settings()):
        self.settings = settings
        self.next_frame = 0         # the index of the next frame pushed
        self.kept = []              # frames from kept_from up to next_frame
        self.kept_probabilities = []
        self.kept_from = 0
        self.speech_start = None    # set while in an utterance
        self.pause_start = None     # set while in an utterance, from the first quiet frame

    def push(self, frame, probability):
        """Adds the next frame; returns the utterances it completes (none or one)."""
        s = self.settings
        index = self.next_frame
        self.next_frame += 1
        self.kept.append(frame)
        self.kept_probabilities.append(probability)
        if self.speech_start is None:
            if probability >= s.threshold:
                self.speech_start = index
                self.pause_start = None
            else:
                self.forget_before(self.next_frame - s.pad)
            return []
        if probability >= s.threshold:
            self.pause_start = None
        elif probability < s.quiet_threshold and self.pause_start is None:
            self.pause_start = index
        if self.pause_start is not None and self.next_frame - self.pause_start >= s.pause:
            return self.close(self.pause_start)
        if self.next_frame - self.kept_from >= s.longest:
            return self.cut()
        return []

    def finish(self):
        """The stream has ended: the utterance under way, if any."""
        if self.speech_start is None:
            return []
        end = self.pause_start if self.pause_start is not None else self.next_frame
        return self.close(end)

    def close(self, end):
        """Ends the utterance at END (the frame after its speech) and returns to silence."""
        utterance = self.utterance(end, end + self.settings.pad)
        self.speech_start = None
        self.pause_start = None
        self.forget_before(self.next_frame - self.settings.pad)
        return [utterance] if utterance else []

    def cut(self):
        """The utterance is too long: ends it at its quietest stretch and goes on from there."""
        cut = self.quietest_frame()
        utterance = self.utterance(cut, cut)
        self.forget_before(cut)
        self.speech_start = next(
            (self.kept_from + offset for offset, probability in enumerate(self.kept_probabilities)
             if probability >= self.settings.threshold), cut)
        if self.pause_start is not None and self.pause_start < self.speech_start:
            self.pause_start = None
        return [utterance] if utterance else []

    def quietest_frame(self):
        """The middle of the longest run of quiet frames after the first `shortest_cut` frames of
        the utterance, or the least likely speech frame there when it has no quiet frame."""
        s = self.settings
        first = min(max(self.speech_start + s.shortest_cut, self.kept_from + 1), self.next_frame - 1)
        best_start, best_length, run_start = None, 0, None
        for index in range(first, self.next_frame + 1):
            quiet = (index < self.next_frame
                     and self.kept_probabilities[index - self.kept_from] < s.quiet_threshold)
            if quiet and run_start is None:
                run_start = index
            elif not quiet and run_start is not None:
                if index - run_start > best_length:
                    best_start, best_length = run_start, index - run_start
                run_start = None
        if best_start is not None:
            return best_start + best_length // 2
        window = self.kept_probabilities[first - self.kept_from:]
        return first + min(range(len(window)), key=window.__getitem__)

    def utterance(self, end, padded_end):
        """The utterance from speech_start to END, or None when it has too little speech."""
        if end - self.speech_start < self.settings.shortest:
            return None
        first = max(self.kept_from, self.speech_start - self.settings.pad)
        last = min(self.next_frame, padded_end)
        return Utterance(self.speech_start, end, self.kept[first - self.kept_from:last - self.kept_from])

    def forget_before(self, frame):
        drop = frame - self.kept_from
        if drop > 0:
            del self.kept[:drop]
            del self.kept_probabilities[:drop]
            self.kept_from = frame
