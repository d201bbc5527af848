"""An audience's frame framed once for all its sockets (``spacemission.live.prepared``):
each Daphne socket gets the very bytes Daphne's own send would have written, a closed
one gets nothing, and any other ``send`` keeps the ASGI road.

Run in a child process: importing ``daphne.server`` installs Twisted's reactor, which
this test process must not do."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

PROBE = """
import functools, json
import daphne.server
from daphne.ws_protocol import WebSocketFactory
from twisted.internet.testing import StringTransport
from spacemission.live import prepared

server = daphne.server.Server(application=None, endpoints=["tcp:port=0:interface=127.0.0.1"])
server.connections = {}
factory = WebSocketFactory(server, server="test")

def socket():
    protocol = factory.buildProtocol(("127.0.0.1", 1))
    transport = StringTransport()
    protocol.makeConnection(transport)
    protocol.state = protocol.STATE_OPEN
    server.connections[protocol] = {"connected": 0}
    return protocol, transport

def direct(protocol):
    return prepared.direct(functools.partial(server.handle_reply, protocol))

(a, wa), (b, wb), (c, wc) = socket(), socket(), socket()
text = json.dumps({"t": "patch", "v": 3, "ops": [{"op": "add", "path": "/x", "value": "é" * 300}]})
frame = prepared.Frame(text)
out = {"sent": [frame.send(direct(a)), frame.send(direct(b))]}
c.sendMessage(text.encode())  # what Daphne's send writes
out["bytes"] = [wa.value(), wb.value(), wc.value()]
wb.clear()
b.state = b.STATE_CLOSING  # the server began to close it
out["closed"] = [frame.send(direct(b)), wb.value()]
wa.clear()
a.state = a.STATE_CLOSED  # the client went away (autobahn's connectionLost)
out["gone"] = [frame.send(direct(a)), wa.value()]
(d, wd) = socket()
d.triggered = True  # autobahn is trickling frames it queued: the next waits behind them
d.send_queue.append((b"queued", False))
out["queued"] = [frame.send(direct(d)), wd.value(), [e[0] for e in d.send_queue]]
out["relied_on"] = [name for name in prepared.RELIED_ON if not hasattr(d, name)]
out["not_daphne"] = [
    prepared.direct(s)
    for s in (print, functools.partial(print, c), functools.partial(server.handle_reply, object()))
]
print(repr(out))
"""


def probe() -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "DJANGO_SETTINGS_MODULE": "spacemission.settings"}
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return ast.literal_eval(done.stdout.strip().splitlines()[-1])


def test_an_audiences_frame_is_framed_once_and_written_as_daphne_would():
    out = probe()
    assert out["sent"] == [True, True]
    prepared_a, prepared_b, daphnes = out["bytes"]
    assert len(daphnes) > 600 and prepared_a == prepared_b == daphnes
    # A socket closing or gone is written nothing, as by autobahn's own send.
    assert out["closed"] == [False, b""]
    assert out["gone"] == [False, b""]
    # Behind frames autobahn queued, the frame is queued after them, not written first.
    assert out["queued"] == [True, b"", [b"queued", daphnes]]
    # What the direct write reads of autobahn's protocol is there in this release.
    assert out["relied_on"] == []
    # Any other ASGI send (another server, a test's communicator) keeps its road.
    assert out["not_daphne"] == [None, None, None]
