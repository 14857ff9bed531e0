"""What the benchmarks' loopback servers (library-server.py, soak-server.py) share: a small PNG, the
audio answered with Range requests, responses that survive a client hanging up, and a threading
server that does not report those hang-ups as errors."""
import os
import struct
import sys
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def png(width=8, height=8, rgb=(200, 80, 40)):
    """A small solid-colour PNG."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


class Responses(BaseHTTPRequestHandler):
    """A request handler's answers: `send` any body, `send_audio` with a single Range honoured."""
    protocol_version = "HTTP/1.1"
    # The headers and the body go out in two writes; with Nagle's algorithm the body then waits for the
    # client's delayed ACK of the headers, 40 ms a response (real servers such as nginx set TCP_NODELAY).
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def do_HEAD(self):
        self.do_GET(head=True)

    def send_audio(self, audio, head):
        size = len(audio)
        ranged = self.headers.get("Range", "")
        if ranged.startswith("bytes=") and "," not in ranged:
            first, _, last = ranged[len("bytes="):].partition("-")
            try:
                start = int(first) if first else max(0, size - int(last or 0))
                end = min(size - 1, int(last)) if first and last else size - 1
            except ValueError:
                return self.send(416, b"", "text/plain", {"Content-Range": f"bytes */{size}"}, head=head)
            if start >= size or end < start:
                return self.send(416, b"", "text/plain", {"Content-Range": f"bytes */{size}"}, head=head)
            return self.send(206, audio[start:end + 1], "audio/mpeg",
                             {"Content-Range": f"bytes {start}-{end}/{size}", "Accept-Ranges": "bytes"}, head=head)
        return self.send(200, audio, "audio/mpeg", {"Accept-Ranges": "bytes"}, head=head)

    def send(self, status, body, content_type, headers=None, head=False):
        try:
            self.send_response(status)
            if content_type:
                self.send_header("Content-Type", content_type)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            if status != 304:
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if not head:
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True


class Server(ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        """A client that hangs up mid-request (a player moving to the next episode) is not an error."""
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)

    def serve_announced(self, url_file):
        """Writes the server's address to url_file whole (the script waiting for it never reads half a
        line), then serves until killed."""
        with open(url_file + ".tmp", "w") as f:
            f.write(self.base_url() + "\n")
        os.replace(url_file + ".tmp", url_file)
        self.serve_forever()

    def base_url(self):
        return f"http://127.0.0.1:{self.server_address[1]}"
