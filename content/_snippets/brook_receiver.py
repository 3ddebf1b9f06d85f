# A webhook receiver for Brook deliveries. Run it with:
#   BROOK_SIGNING_SECRET=brk_sig_... python3 brook_receiver.py
import hashlib
import hmac
import json
import os
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

SECRET = os.environ["BROOK_SIGNING_SECRET"].encode()
TOLERANCE_SECONDS = 300
seen = set()  # event IDs already handled; use a database in production


def signature_is_valid(raw_body, timestamp, header):
    if not timestamp or not timestamp.isdigit() or not header or not header.startswith("sha256="):
        return False
    if abs(time.time() - int(timestamp)) > TOLERANCE_SECONDS:
        return False
    expected = hmac.new(SECRET, timestamp.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(header[len("sha256="):], expected)


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        timestamp = self.headers.get("X-Brook-Timestamp")
        if not signature_is_valid(raw, timestamp, self.headers.get("X-Brook-Signature")):
            self.send_response(401)
            self.end_headers()
            return
        delivery = json.loads(raw)
        self.send_response(204)  # answer first, then do the work
        self.end_headers()
        self.wfile.flush()
        if delivery["id"] in seen:  # a retry of an event already handled
            return
        seen.add(delivery["id"])
        print(f"{delivery['resource_id']}: {delivery.get('summary') or delivery.get('name')}")


HTTPServer(("", 3000), Receiver).serve_forever()
