#!/usr/bin/python3
# Why this exists: a small forward HTTP proxy for the private-network tests (what `http_proxy` points at): it fetches each absolute URL it is asked for, without following redirects, and logs "PROXY URL" for every request.
import sys
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

port, log = int(sys.argv[1]), sys.argv[2]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), NoRedirect())


class Proxy(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        with open(log, "a") as f:
            f.write(f"PROXY {self.path}\n")
        try:
            response = opener.open(urllib.request.Request(self.path, headers={"User-Agent": self.headers.get("User-Agent", "")}), timeout=30)
            status, headers, body = response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            status, headers, body = error.code, error.headers, error.read()
        except Exception as error:
            status, headers, body = 502, {}, str(error).encode()
        self.send_response(status)
        for name in ("Content-Type", "Location", "Cache-Control", "ETag", "Last-Modified"):
            if headers.get(name):
                self.send_header(name, headers.get(name))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


ThreadingHTTPServer(("127.0.0.1", port), Proxy).serve_forever()
