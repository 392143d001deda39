"""Errors the toolchain reports to a person: one line, with a place and a hint."""
from __future__ import annotations


class BuildError(Exception):
    """A failure with a location (file:line or config key) and a fix hint.

    `str(err)` is the single line the CLI prints; no traceback is shown.
    """

    def __init__(self, message: str, *, path: str | None = None, line: int | None = None,
                 col: int | None = None, key: str | None = None, hint: str | None = None,
                 code: str = "build_error"):
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.col = col
        self.key = key
        self.hint = hint
        self.code = code

    def location(self) -> str:
        if self.path:
            loc = str(self.path)
            if self.line is not None:
                loc += f":{self.line}"
                if self.col is not None:
                    loc += f":{self.col}"
            return loc
        if self.key:
            return f"key '{self.key}'"
        return ""

    def __str__(self) -> str:
        loc = self.location()
        text = f"{loc}: {self.message}" if loc else self.message
        if self.hint:
            text += f" (hint: {self.hint})"
        return text
