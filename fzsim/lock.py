"""One writer per results folder: an OS file lock (``fcntl.flock``) on ``DIR/.fzsim-lock``.

A writer (``fzsim run``, ``fzsim verify --repair``) holds an exclusive lock for its whole call;
readers that need a folder that does not change under them (``fzsim report``, ``fzsim verify``)
hold a shared one. The kernel releases a flock when its process ends however it ends (SIGKILL
included), so a lock can never be left stale; the file itself only names the last writer.

The lock file is removed by the call that created it (a reader only when no other reader holds it). A process that opened the file just
before it was removed would lock a file nobody else can see, so after locking we check that the
path still names the file we hold, and start again if not.
"""
from __future__ import annotations

import errno
import fcntl
import json
import os
import socket
import sys
import time

LOCK_NAME = ".fzsim-lock"


class FolderBusy(ValueError):
    """Another process holds the folder's lock (the message names it)."""


def lock_path(root: str) -> str:
    return os.path.join(root, LOCK_NAME)


def _describe_holder(path: str, shared_held: bool) -> str:
    if shared_held:
        return "is being read by another fzsim command (report or verify)"
    try:
        with open(path, encoding="utf-8") as f:
            info = json.load(f)
        return (f"is being written by another fzsim process (pid {info['pid']} on {info['host']},"
                f" started {info['started']}: {info['command']})")
    except (OSError, ValueError, KeyError, TypeError):
        return "is being written by another fzsim process (it has not named itself yet)"


class FolderLock:
    """``with FolderLock(root, exclusive=True):`` — refused at once (FolderBusy) if held elsewhere.

    ``create_folder``: make ``root`` (and its parents) when missing; ``self.created_folder`` then
    says whether this call made it. A shared lock on a folder that holds no lock file and cannot
    get one (a read-only folder) proceeds unlocked: nobody can write there either.
    """

    def __init__(self, root: str, exclusive: bool, create_folder: bool = False):
        self.root, self.exclusive, self.create_folder = root, exclusive, create_folder
        self.path = lock_path(root)
        self.created_folder = False
        self._created_file = False
        self._fd: int | None = None

    def acquire(self) -> "FolderLock":
        for _ in range(100):            # each retry means the file was removed under us: rare
            if self.create_folder and not os.path.isdir(self.root):
                try:
                    os.makedirs(self.root)
                    self.created_folder = True
                except FileExistsError:
                    pass
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)
                created = True
            except FileExistsError:
                try:
                    fd = os.open(self.path, os.O_RDWR | os.O_CLOEXEC)
                except FileNotFoundError:
                    continue
                except OSError as exc:
                    if self.exclusive or exc.errno not in (errno.EACCES, errno.EROFS, errno.EPERM):
                        raise
                    fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC)
                created = False
            except OSError as exc:
                if not self.exclusive and exc.errno in (errno.EACCES, errno.EROFS, errno.EPERM):
                    return self          # read-only folder without a lock file: no writer possible
                raise
            try:
                fcntl.flock(fd, (fcntl.LOCK_EX if self.exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
            except BlockingIOError:
                # (a file we made but could not lock is already someone else's: it stays)
                shared_held = self._held_shared(fd)
                os.close(fd)
                raise FolderBusy(f"results folder {self.root!r} {_describe_holder(self.path, shared_held)};"
                                 " nothing was changed. Wait for it to finish or choose another folder") from None
            if not self._still_ours(fd):
                os.close(fd)
                continue
            self._fd, self._created_file = fd, created
            if self.exclusive:
                self._write_holder()
            return self
        raise OSError(errno.EAGAIN, f"could not lock {self.path}: it keeps being replaced")

    @staticmethod
    def _held_shared(fd: int) -> bool:
        """Whether the other holders are readers (a shared lock is then still possible)."""
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(fd, fcntl.LOCK_UN)
        return True

    def _sole_holder(self) -> bool:
        """A reader may remove the file it made only when no other reader holds it too."""
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _still_ours(self, fd: int) -> bool:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return False
        mine = os.fstat(fd)
        return (st.st_dev, st.st_ino) == (mine.st_dev, mine.st_ino)

    def _write_holder(self) -> None:
        info = {"pid": os.getpid(), "host": socket.gethostname(),
                "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                "command": " ".join(["fzsim", *sys.argv[1:]]) if sys.argv else "fzsim"}
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, (json.dumps(info) + "\n").encode(), 0)

    def _unlink_quietly(self) -> None:
        try:
            os.remove(self.path)
        except OSError:
            pass

    def release(self) -> None:
        """Unlock, removing the lock file if this call created it and is its only holder."""
        if self._fd is None:
            return
        if self._created_file and (self.exclusive or self._sole_holder()):
            self._unlink_quietly()      # while still holding it: see the module docstring
        os.close(self._fd)
        self._fd = None

    def remove_created_folder(self) -> None:
        """Remove the results folder if this call created it and it is empty again."""
        if self.created_folder:
            try:
                os.rmdir(self.root)
            except OSError:
                pass                    # something else is in it now: it stays

    def __enter__(self):
        return self.acquire()

    def __exit__(self, *exc):
        self.release()
        return False


def holder(root: str) -> str | None:
    """A description of the process writing to ``root`` right now, or None."""
    path = lock_path(root)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return _describe_holder(path, shared_held=False)
    finally:
        os.close(fd)
    return None
