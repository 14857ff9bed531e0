#!/usr/bin/env python3
"""The directory-search benchmark's server: the three directories Earshot asks, on loopback, each
answering its search after its own delay with a reply shaped as the directory documents it (the test
fixtures of Tests/EarshotFeedTests/Fixtures/directories).

  /itunes/search                   Apple's iTunes Search API      (first delay)
  /fyyd/0.2/search/podcast         fyyd                           (second delay)
  /pi/api/1.0/search/byterm        Podcast Index                  (third delay)

Usage: directory-server.py --url-file FILE [--delays 30,80,200]
Listens on 0.0.0.0 (every loopback address: the three directories are asked at 127.0.0.1, .2 and .3,
three hosts as in life, so no client's limit of connections per host puts one behind another); its
port is written to --url-file once it listens.
"""
import argparse
import http.server
import os
import time

parser = argparse.ArgumentParser()
parser.add_argument("--url-file", required=True)
parser.add_argument("--delays", default="30,80,200", help="milliseconds before each directory answers")
args = parser.parse_args()
fixtures = os.path.join(os.path.dirname(__file__), "..", "Tests", "EarshotFeedTests", "Fixtures", "directories")
delays = [int(d) / 1000 for d in args.delays.split(",")]
routes = {
    "/itunes/search": (delays[0], "itunes-search.json"),
    "/fyyd/0.2/search/podcast": (delays[1], "fyyd-search.json"),
    "/pi/api/1.0/search/byterm": (delays[2], "podcastindex-search.json"),
}
bodies = {path: open(os.path.join(fixtures, name), "rb").read() for path, (_, name) in routes.items()}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body leave at once, as from a real server

    def do_GET(self):
        path = self.path.split("?")[0]
        if path not in routes:
            self.send_error(404)
            return
        time.sleep(routes[path][0])
        body = bodies[path]
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_):
        pass


server = http.server.ThreadingHTTPServer(("0.0.0.0", 0), Handler)
with open(args.url_file + ".tmp", "w") as out:
    out.write(str(server.server_address[1]))
os.rename(args.url_file + ".tmp", args.url_file)
server.serve_forever()
