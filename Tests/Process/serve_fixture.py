"""`almanac serve` as a real process on loopback: a new site from `almanac init`, served on a
free port, stopped with SIGINT (Ctrl-C) at the end."""

import os
import pathlib
import signal
import subprocess
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Absolute, since some tests run it from another folder.
ALMANAC = os.path.abspath(os.environ.get("ALMANAC_BIN", str(ROOT / ".build" / "debug" / "almanac")))


class Served:
    def __init__(self, folder, *extra):
        self.folder = pathlib.Path(folder)
        subprocess.run([ALMANAC, "init", str(self.folder)], check=True, capture_output=True)
        self.process = subprocess.Popen([ALMANAC, "serve", "--port", "0", *extra], cwd=self.folder,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines = []
        self.port = None
        ready = threading.Event()

        def read():
            for line in self.process.stdout:
                self.lines.append(line.rstrip("\n"))
                if line.startswith("Serving "):
                    self.port = int(line.split("127.0.0.1:")[1].split("/")[0])
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(30) or self.port is None:
            self.process.kill()
            raise RuntimeError("serve did not start: " + "\n".join(self.lines))
        self.url = f"http://127.0.0.1:{self.port}"

    def wait_for_line(self, text, timeout=15):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(text in line for line in self.lines):
                return True
            time.sleep(0.05)
        return False

    def stop(self):
        """Ctrl-C: the server stops cleanly, with status 0."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                return self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                return None
        return self.process.returncode
