"""``EAGER_WRITES``: a Twisted TCP write goes out at once when nothing waits before it, and
is buffered (the reactor watching the socket) only behind data still waiting."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from twisted.internet import tcp
from twisted.internet.protocol import Protocol

from spacemission.live import socket_writes


class Reactor:
    """What a connection asks of its reactor: here, only to be watched for writing."""

    def __init__(self) -> None:
        self.watched = 0

    def addWriter(self, connection: object) -> None:  # Twisted spells it so
        self.watched += 1


@pytest.fixture
def pair() -> Iterator[tuple[tcp.Connection, socket.socket, Reactor]]:
    ours, theirs = socket.socketpair()
    ours.setblocking(False)
    reactor = Reactor()
    connection = tcp.Connection(ours, Protocol(), reactor)
    connection.connected = True
    yield connection, theirs, reactor
    ours.close()
    theirs.close()


def test_a_write_with_nothing_before_it_is_sent_at_once(pair):
    connection, theirs, reactor = pair
    # As under Daphne: the HTTP channel the websocket was upgraded from is its producer.
    connection.producer, connection.streamingProducer = Protocol(), True
    socket_writes._write(connection, b"frame one")
    assert theirs.recv(100) == b"frame one"
    assert reactor.watched == 0  # no epoll change, no wait for the next pass


def test_a_write_behind_waiting_data_waits_its_turn(pair):
    connection, theirs, reactor = pair
    connection.dataBuffer, connection.offset = b"waiting", 0
    socket_writes._write(connection, b"frame two")
    assert reactor.watched == 1 and connection._tempDataBuffer == [b"frame two"]
    theirs.setblocking(False)
    with pytest.raises(BlockingIOError):
        theirs.recv(100)  # nothing overtook the waiting data


def test_install_replaces_the_buffered_write(monkeypatch):
    monkeypatch.setattr(tcp.Connection, "write", socket_writes._buffered_write)
    assert not socket_writes.installed()
    socket_writes.install()
    assert socket_writes.installed()


def test_this_twisted_has_everything_the_eager_write_relies_on():
    """Fails on a Twisted release that changed the internals ``_write`` reads: check
    ``socket_writes`` against it before widening the pin in pyproject.toml."""
    assert socket_writes.missing() == []


def test_a_twisted_without_them_keeps_its_buffered_write(monkeypatch):
    monkeypatch.setattr(tcp.Connection, "write", socket_writes._buffered_write)
    monkeypatch.setattr(socket_writes, "RELIED_ON", (*socket_writes.RELIED_ON, "_gone"))
    assert socket_writes.install() is False
    assert not socket_writes.installed()
