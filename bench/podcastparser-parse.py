#!/usr/bin/env python3
"""Times podcastparser (a widely used Python feed parser) on FILE: median of N parses, in ms."""
import statistics
import sys
import time

import podcastparser


def main() -> None:
    path, runs = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5
    timings = []
    episodes = 0
    for _ in range(runs + 1):
        with open(path, "rb") as stream:
            start = time.perf_counter()
            feed = podcastparser.parse("https://bench.example/feed.xml", stream)
            timings.append((time.perf_counter() - start) * 1000)
            episodes = len(feed.get("episodes", []))
    print(f"podcastparser: median {statistics.median(timings[1:]):.1f} ms ({episodes} episodes)")


if __name__ == "__main__":
    main()
