#!/usr/bin/env python3
"""The endurance soak's podcast server (bench/soak.sh), on 127.0.0.1 only.

Serves FEEDS small podcast feeds (EPISODES episodes each, seconds-long audio) with an ETag and a
Last-Modified on every feed and 304 Not Modified for a conditional GET that matches. Some feeds change
when they are fetched, so that every refresh of the whole library finds a few changes:

  * feed RENAMING renames the guid of every one of its episodes on every fetch (same audio addresses,
    same titles): a store that keys episodes by guid alone sees EPISODES "new" episodes each time;
  * on its k-th fetch (k >= 1; the first fetch, the import's, never changes anything), feed n gains a
    new episode when (n + k) % 25 == 0, and has the title and notes of one episode edited when
    (n + k) % 25 == 12: about 8 new episodes and 8 edits in each refresh of 200 feeds;
  * every other fetch answers 304 when the validator matches.

Episodes are SECONDS-long MP3s (the file given with --audio), so that they end by themselves at 1x.
Every third episode has a Podcasting 2.0 chapters file (a chapter every 0.6 s, some with an image),
and every third other one carries ID3 CHAP chapters in its audio (a chapter every 0.75 s).

  /subs.opml                  the OPML subscription list
  /feeds/<n>.xml              feed n (1-based)
  /art/<n>.png                feed n's cover; /art/chapter-<i>.png a chapter's image
  /audio/<n>/<e>.mp3          episode e of feed n (Range requests answered; HEAD too)
  /chapters/<n>/<e>.json      its chapters file, where the feed names one
  /_control/stats             what was served, as JSON: feed answers by status, the changes made, the
                              episodes that are genuinely new (new guids other than the renaming feed's),
                              and the episodes each feed lists now

Usage: soak-server.py --url-file FILE --audio FILE [--port 0] [--feeds 200] [--episodes 30]
                      [--renaming 100] [--seconds 3]
The base URL (http://127.0.0.1:PORT) is written to --url-file once the server listens.
"""
import argparse
import collections
import email.utils
import json
import struct
import threading

from benchhttp import Responses, Server, png

START = 1_600_000_000  # episode 1's date; one episode a day after it
NAMESPACES = ('xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" '
              'xmlns:content="http://purl.org/rss/1.0/modules/content/" '
              'xmlns:podcast="https://podcastindex.org/namespace/1.0"')


def id3_chapters(seconds, every):
    """An ID3v2.3 tag with a CTOC and one CHAP frame (with a TIT2 title) every `every` seconds."""
    def frame(kind, body):
        return kind + struct.pack(">I", len(body)) + b"\x00\x00" + body
    starts = []
    t = 0.0
    while t < seconds - 0.01:
        starts.append(int(t * 1000))
        t += every
    ids = [f"ch{i}".encode() for i in range(len(starts))]
    frames = frame(b"CTOC", b"toc\x00" + bytes([0x03, len(ids)]) + b"".join(i + b"\x00" for i in ids))
    for i, start in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else int(seconds * 1000)
        title = frame(b"TIT2", b"\x00" + f"Audio chapter {i + 1}".encode())
        frames += frame(b"CHAP", ids[i] + b"\x00" + struct.pack(">IIII", start, end, 0xFFFFFFFF, 0xFFFFFFFF) + title)
    size = len(frames)
    syncsafe = bytes([(size >> 21) & 0x7F, (size >> 14) & 0x7F, (size >> 7) & 0x7F, size & 0x7F])
    return b"ID3\x03\x00\x00" + syncsafe + frames


class Library:
    """Every feed's episodes and its bytes; changed under the lock as feeds are fetched."""

    def __init__(self, base, feeds, episodes, renaming, seconds):
        self.base, self.count, self.renaming, self.seconds = base, feeds, renaming, seconds
        self.lock = threading.Lock()
        self.fetches = collections.Counter()      # GETs of each feed so far
        self.stats = collections.Counter()        # feed answers by status, and the changes made
        self.generation = collections.Counter()   # each feed's version (its ETag)
        # Each feed's episodes, newest first: [number, title, notes, guid].
        self.items = {n: [self.episode(n, e) for e in range(episodes, 0, -1)] for n in range(1, feeds + 1)}
        self.bytes = {n: self.render(n) for n in self.items}

    def episode(self, n, e):
        return [e, f"Soak {n}.{e}: a few seconds of tone",
                f"<p>Episode {e} of soak show {n}. Notes with <b>markup</b> &amp; a link: {self.base}/shows/{n}/{e}</p>",
                f"soak-{n}-{e}"]

    def item(self, n, item):
        e, title, notes, guid = item
        date = email.utils.formatdate(START + e * 86_400 + n * 60, usegmt=True)
        chapters = ""
        if e % 3 == 0:
            chapters = f'<podcast:chapters url="{self.base}/chapters/{n}/{e}.json" type="application/json+chapters"/>\n'
        return (f"<item>\n<title>{title}</title>\n<guid isPermaLink=\"false\">{guid}</guid>\n"
                f"<link>{self.base}/shows/{n}/{e}</link>\n<pubDate>{date}</pubDate>\n"
                f"<description><![CDATA[{notes}]]></description>\n"
                f'<enclosure url="{self.base}/audio/{n}/{e}.mp3" type="audio/mpeg" length="{self.audio_length(e)}"/>\n'
                f"<itunes:duration>{self.seconds}</itunes:duration>\n{chapters}</item>\n")

    def audio_length(self, e):
        return len(Handler.tagged if e % 3 == 1 else Handler.audio)

    def render(self, n):
        title = f"Soak Show {n}" + (" (renames its guids)" if n == self.renaming else "")
        head = (f'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" {NAMESPACES}>\n<channel>\n'
                f"<title>{title}</title>\n<link>{self.base}/shows/{n}</link>\n<language>en</language>\n"
                f"<description>Show {n} of the endurance soak.</description>\n"
                f"<itunes:author>Soak Host {n}</itunes:author>\n"
                f'<itunes:image href="{self.base}/art/{n}.png"/>\n')
        body = head + "".join(self.item(n, item) for item in self.items[n]) + "</channel>\n</rss>\n"
        modified = email.utils.formatdate(START + 1000 * 86_400 + self.generation[n] * 60, usegmt=True)
        return body.encode(), f'"soak-{n}-v{self.generation[n]}"', modified

    def fetched(self, n):
        """Feed n is being fetched (a GET): makes this fetch's change, if any; returns the feed as it is now."""
        with self.lock:
            k = self.fetches[n]
            self.fetches[n] += 1
            items = self.items[n]
            changed = True
            if k == 0:
                changed = False
            elif n == self.renaming:
                for item in items:
                    item[3] = f"soak-{n}-{item[0]}-renamed-{k}"
                self.stats["renamed_fetches"] += 1
                self.stats["renamed_guids"] += len(items)
            elif (n + k) % 25 == 0:
                items.insert(0, self.episode(n, items[0][0] + 1))
                self.stats["new_episodes"] += 1
            elif (n + k) % 25 == 12:
                item = items[(n + k) % len(items)]
                item[1] = f"Soak {n}.{item[0]}: a few seconds of tone (edit {k})"
                item[2] = f"<p>Episode {item[0]} of soak show {n}, notes edited on fetch {k}.</p>"
                self.stats["edits"] += 1
            else:
                changed = False
            if changed:
                self.generation[n] += 1
                self.bytes[n] = self.render(n)
            return self.bytes[n]

    def snapshot(self):
        with self.lock:
            return {
                "answers": {k: v for k, v in self.stats.items() if k.isdigit()},
                "feed_gets": sum(self.fetches.values()),
                "new_episodes": self.stats["new_episodes"],
                "edits": self.stats["edits"],
                "renamed_fetches": self.stats["renamed_fetches"],
                "renamed_guids": self.stats["renamed_guids"],
                "renaming_feed": self.renaming,
                "renaming_feed_fetches": self.fetches[self.renaming],
                "episodes_listed": sum(len(items) for items in self.items.values()),
                "audio_requests": self.stats["audio"],
                "chapters_requests": self.stats["chapters"],
            }

    def opml(self):
        outlines = "".join(
            f'    <outline type="rss" text="Soak Show {n}" xmlUrl="{self.base}/feeds/{n}.xml"/>\n' for n in self.items)
        return ('<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0">\n  <head><title>Endurance soak'
                f"</title></head>\n  <body>\n{outlines}  </body>\n</opml>\n").encode()

    def chapters(self, n, e):
        entries = []
        t, i = 0.0, 0
        while t < self.seconds - 0.01:
            entry = {"startTime": round(t, 2), "title": f"Chapter {i + 1} of {n}.{e}"}
            if i % 2 == 1:
                entry["img"] = f"{self.base}/art/chapter-{(n + e + i) % 4}.png"
            entries.append(entry)
            t += 0.6
            i += 1
        return json.dumps({"version": "1.2.0", "chapters": entries}).encode()


class Handler(Responses):
    # A kept-alive connection idle for 2 s is closed, so that the player holds none open once it is quiet.
    timeout = 2
    library = None
    audio = b""
    tagged = b""

    def do_GET(self, head=False):
        path = self.path.split("?", 1)[0]
        parts = path.strip("/").split("/")
        library = self.library
        if path == "/subs.opml":
            return self.send(200, library.opml(), "text/x-opml", head=head)
        if len(parts) == 2 and parts[0] == "feeds" and parts[1].endswith(".xml"):
            n = parts[1][:-4]
            if not n.isdigit() or int(n) not in library.items:
                return self.send(404, b"", "text/plain", head=head)
            n = int(n)
            body, etag, modified = library.fetched(n) if not head else library.bytes[n]
            headers = {"ETag": etag, "Last-Modified": modified, "Cache-Control": "no-cache"}
            match = self.headers.get("If-None-Match")
            since = self.headers.get("If-Modified-Since")
            if (match is not None and etag in [t.strip() for t in match.split(",")]) or (match is None and since == modified):
                status, body, kind = 304, b"", None
            else:
                status, kind = 200, "application/rss+xml; charset=utf-8"
            with library.lock:
                library.stats[str(status)] += 1
            return self.send(status, body, kind, headers, head=head or status == 304)
        if len(parts) == 2 and parts[0] == "art":
            name = parts[1]
            colour = (40, 120, 200) if name.startswith("chapter-") else (200, 80, 40)
            return self.send(200, png(rgb=colour), "image/png", {"Cache-Control": "max-age=86400"}, head=head)
        if len(parts) == 3 and parts[0] == "audio" and parts[1].isdigit() and parts[2].endswith(".mp3"):
            e = parts[2][:-4]
            with library.lock:
                library.stats["audio"] += 1
            return self.send_audio(self.tagged if e.isdigit() and int(e) % 3 == 1 else self.audio, head)
        if len(parts) == 3 and parts[0] == "chapters" and parts[1].isdigit() and parts[2].endswith(".json"):
            e = parts[2][:-5]
            if not e.isdigit():
                return self.send(404, b"", "text/plain", head=head)
            with library.lock:
                library.stats["chapters"] += 1
            return self.send(200, library.chapters(int(parts[1]), int(e)), "application/json+chapters", head=head)
        if path == "/_control/stats":
            return self.send(200, json.dumps(library.snapshot()).encode() + b"\n", "application/json", head=head)
        return self.send(404, b"", "text/plain", head=head)

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url-file", required=True)
    parser.add_argument("--audio", required=True, help="a seconds-long MP3 without an ID3 tag")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--feeds", type=int, default=200)
    parser.add_argument("--episodes", type=int, default=30)
    parser.add_argument("--renaming", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=3.0, help="the audio's length")
    options = parser.parse_args()
    with open(options.audio, "rb") as f:
        Handler.audio = f.read()
    Handler.tagged = id3_chapters(options.seconds, 0.75) + Handler.audio
    Server.daemon_threads = True
    Server.request_queue_size = 256
    server = Server(("127.0.0.1", options.port), Handler)
    base = server.base_url()
    Handler.library = Library(base, options.feeds, options.episodes, options.renaming, options.seconds)
    server.serve_announced(options.url_file)


if __name__ == "__main__":
    main()
