"""Scripts run in a child Python that send a signal right after a file write, to
test what a stopped write leaves behind (the three `--fix` and `-o` batteries)."""

from __future__ import annotations


def signal_after_write(module: str, mode: str, signal: str) -> str:
    """Python source that makes `module`'s `os.fdopen` hand out, for handles opened
    with `mode` (a Python expression), a handle that flushes each write and then
    sends the process `signal` (an expression, evaluated once at the start, before
    the caller's code changes `sys.argv`). The caller appends what to run."""
    return f"""
import os, signal, sys, time
import {module} as patched
MODE, SIGNAL = {mode}, {signal}
opened = os.fdopen
class Handle:
    def __init__(self, handle): self.handle = handle
    def __enter__(self): return self
    def __exit__(self, *exc): self.handle.close()
    def __getattr__(self, name): return getattr(self.handle, name)
    def write(self, data):
        done = self.handle.write(data)
        self.handle.flush()
        os.kill(os.getpid(), SIGNAL)
        time.sleep(0.2)
        return done
def fdopen(fd, mode, *args, **kwargs):
    handle = opened(fd, mode, *args, **kwargs)
    return Handle(handle) if mode == MODE else handle
patched.os.fdopen = fdopen
"""
