#!/usr/bin/env python3
"""The library benchmark's podcast server, on 127.0.0.1 only.

Serves FEEDS generated podcast feeds of EPISODES episodes each (about 700 KB at 300 episodes), with an
ETag and a Last-Modified on every feed and 304 Not Modified for a conditional GET that matches, and an
OPML file listing them all:

  /subs.opml                 the OPML subscription list
  /feeds/<n>.xml             feed n (1-based)
  /art/<n>.png               feed n's cover (a small PNG)
  /audio/<n>/<e>.mp3         every episode's audio: the file given with --audio (Range requests answered)
  /_control/change           every feed gains a newer episode (new ETag and Last-Modified); answers the generation
  /_control/reset            back to generation 0: the feeds as first served
  /_control/stats            feed requests answered so far, by status, as "200=… 304=…"

Usage: library-server.py --url-file FILE [--port 0] [--feeds 200] [--episodes 300] [--audio FILE]
The base URL (http://127.0.0.1:PORT) is written to --url-file once the server listens.
"""
import argparse
import collections
import email.utils
import threading

from benchhttp import Responses, Server, png

START = 1_420_070_400  # 2015-01-01: episode 1's date; one episode every 3 days after it


class Library:
    """The feeds as bytes, rebuilt for each generation."""

    def __init__(self, base, feeds, episodes):
        self.base, self.count, self.episodes = base, feeds, episodes
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        """The feeds as first served."""
        with self.lock:
            self.generation = 0
            self.items = {n: [self.item(n, e) for e in range(self.episodes, 0, -1)] for n in range(1, self.count + 1)}
            self.rebuild()
            return self.generation

    def item(self, n, e):
        date = email.utils.formatdate(START + e * 3 * 86_400, usegmt=True)
        notes = (f"<p>Episode {e} of show {n}: a conversation about building software that lasts, with "
                 f"notes, links &amp; timestamps. 本集談到軟體的長期維護，以及如何讓團隊保持專注。</p>"
                 f"<p>We talk about <b>testing</b>, <i>releases</i> and the long tail of maintenance; "
                 f"then listener questions. 聽眾提問與回覆。</p><p>Thanks to everyone who wrote in this week; "
                 f"the next episode follows up on deployment, monitoring and on-call.</p>")
        return (
            f"<item>\n<title>Show {n} — Episode {e}: On lasting software</title>\n"
            f"<itunes:title>Episode {e}: On lasting software</itunes:title>\n"
            f'<guid isPermaLink="false">show-{n}-episode-{e}</guid>\n'
            f"<link>{self.base}/shows/{n}/{e}</link>\n<pubDate>{date}</pubDate>\n"
            f"<description><![CDATA[{notes}]]></description>\n"
            f"<content:encoded><![CDATA[{notes}{notes}<ul><li>Links: {self.base}/shows/{n}/{e}/links</li>"
            f"<li>Transcript &amp; chapters</li></ul>]]></content:encoded>\n"
            f'<enclosure url="{self.base}/audio/{n}/{e}.mp3" type="audio/mpeg" length="{48_000_000 + e * 131}"/>\n'
            f'<itunes:image href="{self.base}/art/{n}.png"/>\n'
            f"<itunes:duration>{e % 2}:{e % 60:02d}:{(e * 7) % 60:02d}</itunes:duration>\n"
            f"<itunes:season>{e // 100 + 1}</itunes:season>\n<itunes:episode>{e}</itunes:episode>\n"
            f"<itunes:episodeType>full</itunes:episodeType>\n<itunes:explicit>false</itunes:explicit>\n"
            f"<itunes:author>Bench Host {n}</itunes:author>\n"
            f"<itunes:summary>Episode {e} of show {n}: building software that lasts.</itunes:summary>\n"
            f"</item>\n").encode()

    def feed(self, n):
        head = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" '
            'xmlns:content="http://purl.org/rss/1.0/modules/content/">\n<channel>\n'
            f"<title>Bench Show {n}</title>\n<link>{self.base}/shows/{n}</link>\n<language>en</language>\n"
            f"<description>Show {n} of the library benchmark.</description>\n"
            f"<lastBuildDate>{email.utils.formatdate(START + self.generation * 3600, usegmt=True)}</lastBuildDate>\n"
            f"<itunes:author>Bench Host {n}</itunes:author>\n"
            f'<itunes:image href="{self.base}/art/{n}.png"/>\n<itunes:category text="Technology"/>\n'
            "<itunes:explicit>false</itunes:explicit>\n").encode()
        return head + b"".join(self.items[n]) + b"</channel>\n</rss>\n"

    def rebuild(self):
        modified = email.utils.formatdate(START + 10 * 365 * 86_400 + self.generation * 3600, usegmt=True)
        self.feeds = {n: (self.feed(n), f'"show-{n}-gen-{self.generation}"', modified) for n in self.items}

    def change(self):
        """Every feed gains one newer episode."""
        with self.lock:
            self.generation += 1
            for n, items in self.items.items():
                items.insert(0, self.item(n, self.episodes + self.generation))
            self.rebuild()
            return self.generation

    def opml(self):
        outlines = "".join(
            f'    <outline type="rss" text="Bench Show {n}" title="Bench Show {n}" '
            f'xmlUrl="{self.base}/feeds/{n}.xml" htmlUrl="{self.base}/shows/{n}"/>\n' for n in self.items)
        return ('<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0">\n  <head><title>Library benchmark'
                f"</title></head>\n  <body>\n{outlines}  </body>\n</opml>\n").encode()


class Handler(Responses):
    library = None
    audio = b""
    cover = png()
    stats = collections.Counter()
    stats_lock = threading.Lock()

    def send(self, status, body, content_type, headers=None, head=False):
        if self.path.startswith("/feeds/"):
            with self.stats_lock:
                self.stats[status] += 1
        super().send(status, body, content_type, headers, head)

    def do_GET(self, head=False):
        path = self.path.split("?", 1)[0]
        if path == "/subs.opml":
            return self.send(200, self.library.opml(), "text/x-opml", head=head)
        if path.startswith("/feeds/") and path.endswith(".xml"):
            n = path[len("/feeds/"):-len(".xml")]
            entry = self.library.feeds.get(int(n)) if n.isdigit() else None
            if entry is None:
                return self.send(404, b"", "text/plain", head=head)
            body, etag, modified = entry
            headers = {"ETag": etag, "Last-Modified": modified, "Cache-Control": "no-cache"}
            match = self.headers.get("If-None-Match")
            since = self.headers.get("If-Modified-Since")
            if (match is not None and etag in [t.strip() for t in match.split(",")]) or (match is None and since == modified):
                return self.send(304, b"", None, headers, head=True)
            return self.send(200, body, "application/rss+xml; charset=utf-8", headers, head=head)
        if path.startswith("/art/"):
            return self.send(200, self.cover, "image/png", head=head)
        if path.startswith("/audio/"):
            return self.send_audio(self.audio, head)
        if path == "/_control/change":
            return self.send(200, f"{self.library.change()}\n".encode(), "text/plain", head=head)
        if path == "/_control/reset":
            return self.send(200, f"{self.library.reset()}\n".encode(), "text/plain", head=head)
        if path == "/_control/stats":
            with self.stats_lock:
                text = " ".join(f"{k}={v}" for k, v in sorted(self.stats.items()))
            return self.send(200, (text + "\n").encode(), "text/plain", head=head)
        return self.send(404, b"", "text/plain", head=head)

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url-file", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--feeds", type=int, default=200)
    parser.add_argument("--episodes", type=int, default=300)
    parser.add_argument("--audio")
    options = parser.parse_args()
    Server.daemon_threads = True
    Server.request_queue_size = 256
    server = Server(("127.0.0.1", options.port), Handler)
    base = server.base_url()
    Handler.library = Library(base, options.feeds, options.episodes)
    if options.audio:
        with open(options.audio, "rb") as f:
            Handler.audio = f.read()
    server.serve_announced(options.url_file)


if __name__ == "__main__":
    main()
