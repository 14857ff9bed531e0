#!/usr/bin/env python3
"""The concurrent-downloads benchmark's server: a feed of N episodes whose enclosures are spread over N
loopback addresses (127.0.0.1 … 127.0.0.N, so Earshot's one-download-per-host rule lets them all run at
once), each a SIZE-byte body sent at RATE bytes per second per connection, so the downloads last while
the latency is measured. With --hosts H the enclosures take turns on H addresses instead (episode n on
127.0.0.(1 + (n - 1) % H)); with --audio FILE the newest episode is that file, so it plays.

  /feed.xml        the feed (episode n released n minutes after 2024-01-01)
  /e<n>.mp3        episode n's audio (random bytes, audio/mpeg, Content-Length)

Usage: download-server.py --url-file FILE [--episodes 10] [--hosts N] [--size 30000000] [--rate 2000000]
                          [--audio FILE]
Listens on 0.0.0.0 (every loopback address); the feed's URL is written to --url-file.
"""
import argparse
import datetime
import email.utils
import http.server
import os
import socketserver
import time

parser = argparse.ArgumentParser()
parser.add_argument("--url-file", required=True)
parser.add_argument("--episodes", type=int, default=10)
parser.add_argument("--size", type=int, default=30_000_000)
parser.add_argument("--rate", type=int, default=2_000_000)
parser.add_argument("--hosts", type=int, default=0, help="loopback addresses to spread the enclosures over (default: one each)")
parser.add_argument("--audio", help="a real audio file served as the newest episode")
args = parser.parse_args()
hosts = min(args.hosts or args.episodes, 254)
chunk = os.urandom(64 * 1024)
playable = open(args.audio, "rb").read() if args.audio else None
start_date = datetime.datetime(2024, 1, 1, 10, tzinfo=datetime.timezone.utc)


def released(n):
    return email.utils.format_datetime(start_date + datetime.timedelta(minutes=n), usegmt=True)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body leave at once, as from a real server

    def log_message(self, *_):
        pass

    def do_GET(self):
        port = self.server.server_address[1]
        if self.path == "/feed.xml":
            items = "".join(
                f'<item><guid>e{n}</guid><title>Episode {n}</title><pubDate>{released(n)}</pubDate>'
                f'<enclosure url="http://127.0.0.{1 + (n - 1) % hosts}:{port}/e{n}.mp3" type="audio/mpeg" length="{args.size}"/></item>'
                for n in range(1, args.episodes + 1))
            body = f'<?xml version="1.0"?><rss version="2.0"><channel><title>Downloads</title>{items}</channel></rss>'.encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/rss+xml")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if playable is not None and self.path == f"/e{args.episodes}.mp3":
            self.send_response(200)
            self.send_header("Content-Type", "audio/mpeg")
            self.send_header("Content-Length", str(len(playable)))
            self.end_headers()
            self.wfile.write(playable)
            return
        self.send_response(200)
        self.send_header("Content-Type", "audio/mpeg")
        self.send_header("Content-Length", str(args.size))
        self.end_headers()
        sent, start = 0, time.monotonic()
        try:
            while sent < args.size:
                piece = chunk[: min(len(chunk), args.size - sent)]
                self.wfile.write(piece)
                sent += len(piece)
                ahead = sent / args.rate - (time.monotonic() - start)
                if ahead > 0:
                    time.sleep(ahead)
        except (BrokenPipeError, ConnectionResetError):
            pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


server = Server(("0.0.0.0", 0), Handler)
with open(args.url_file, "w") as f:
    f.write(f"http://127.0.0.1:{server.server_address[1]}/feed.xml\n")
server.serve_forever()
