"""nginx in front of the application hosts, configured as deploy/nginx.conf (the one
docker-compose.yml runs) with the hosts' addresses for the replicas Docker's DNS names
there. It tells each client which host serves it (``X-Upstream``) so a drill can count."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from tests.support.servers import free_port

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "deploy" / "nginx.conf"
START_TIMEOUT = 30.0


def drill_config(hosts: list[str], port: int) -> str:
    """deploy/nginx.conf with ``hosts`` (``address:port``) as the upstream's servers."""
    config = CONFIG.read_text()
    (replica,) = re.findall(r"^( *)server web:8000 resolve (.*);$", config, re.M)
    indent, parameters = replica
    servers = "".join(f"{indent}server {host} {parameters};\n" for host in hosts)
    config = re.sub(r"^ *server web:8000 resolve .*;\n", servers, config, flags=re.M)
    config = config.replace("worker_processes auto;", "worker_processes 1;")
    config = config.replace("listen 80;", f"listen 127.0.0.1:{port};")
    upstream = "proxy_pass http://spacemission;"
    header = f"{upstream}\n            add_header X-Upstream $upstream_addr always;"
    return config.replace(upstream, header)


class Balancer:
    def __init__(self, hosts: list[str]) -> None:
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="sm-hosts-nginx-"))
        (self.dir / "nginx.conf").write_text(drill_config(hosts, self.port))
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    @property
    def origin(self) -> str:
        return self.url

    def start(self) -> None:
        directives = f"daemon off; pid {self.dir}/nginx.pid; error_log {self.dir}/error.log;"
        command = ["nginx", "-p", str(self.dir), "-c", str(self.dir / "nginx.conf")]
        self.process = subprocess.Popen([*command, "-g", directives])
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                urllib.request.urlopen(f"{self.url}/healthz", timeout=5)
                return
            except urllib.error.HTTPError:
                return  # answered (a host's answer, whatever it is)
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"nginx did not start: {self.log()}") from None
                time.sleep(0.1)

    def log(self) -> str:
        path = self.dir / "error.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()  # the master stops its workers (SIGKILL would not)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.dir, ignore_errors=True)
