"""The several-hosts drills skip (or fail under REQUIRE_SERVICES=1) with the reason a
machine cannot run them."""

from __future__ import annotations

import shutil

import pytest

from tests.hosts import machine


def test_without_root_the_reason_is_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(machine.os, "geteuid", lambda: 1000)
    assert machine.missing() == "network namespaces need root"


def test_without_nginx_the_reason_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(machine.os, "geteuid", lambda: 0)
    which = shutil.which
    monkeypatch.setattr(machine.shutil, "which", lambda p: None if p == "nginx" else which(p))
    assert machine.missing() == "nginx is not installed"
