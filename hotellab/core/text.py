"""Text from users and data files: what may enter, and how it is made safe where it is written.

Every output the product writes carries text from people and files (player names,
scenario titles and narrative, log metadata) into SVG, HTML, XML or JSON. A character that
XML 1.0 forbids (the C0 controls other than tab, line feed and carriage return, U+FFFE,
U+FFFF) makes a whole SVG board unreadable, a lone surrogate (U+D800..U+DFFF, which a JSON
file can hold as an escape) cannot be written as UTF-8, and the C1 controls (U+0080..U+009F)
and DEL act as terminal escapes when printed. So:

- where such text enters (a Match's player names, a log file, a scenario file),
  :func:`check_text` refuses it with an error naming the field and the character;
- where text is written (SVG escape, widget frames), :func:`clean_text` replaces any such
  character with U+FFFD, so text that came another way cannot break the output either.

>>> clean_text("Ann\\x0cLee")
'Ann\\ufffdLee'
>>> bad_char("Ann\\udc80") , bad_char("Ann Lee")
('U+DC80', None)
"""

from __future__ import annotations

import re

# C0 controls except \t \n \r; DEL and the C1 controls; lone surrogates; U+FFFE and U+FFFF
UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
REPLACEMENT = "\ufffd"


def bad_char(text: str) -> str | None:
    """The first character of ``text`` that no output may carry, as ``"U+000C"``; else None."""
    m = UNSAFE.search(text)
    return f"U+{ord(m.group()):04X}" if m else None


def clean_text(text) -> str:
    """``str(text)`` with every character of :data:`UNSAFE` replaced by U+FFFD."""
    s = text if isinstance(text, str) else str(text)
    return UNSAFE.sub(REPLACEMENT, s) if UNSAFE.search(s) else s


def check_text(text, field: str, error=ValueError, *, what: str = "text") -> str:
    """``text`` when it is a str free of :data:`UNSAFE` characters, else ``error`` (called
    with the message and ``field=field`` when it takes one) naming the field and character.

    :param field: where the text is, e.g. ``"players[0]"``, ``"meta.note"``, ``"title"``.
    :param error: the exception class to raise (ValueError, LogFormatError, OptionError...).
    """
    if not isinstance(text, str):
        raise _make(error, f"{field}: {what} must be a string, got {type(text).__name__}", field)
    c = bad_char(text)
    if c is not None:
        raise _make(error, f"{field}: {what} {text!r} contains the control character {c}, which no "
                    "board, page or file can show; use plain text", field)
    return text


def check_tree(value, field: str, error=ValueError) -> None:
    """:func:`check_text` on every string (keys too) inside ``value`` (dicts, lists, scalars);
    the field of a nested string is written ``meta.key[2]``."""
    if isinstance(value, str):
        check_text(value, field, error)
    elif isinstance(value, dict):
        for k, v in value.items():
            if isinstance(k, str):
                check_text(k, f"{field} key", error, what="key")
            check_tree(v, f"{field}.{k}", error)
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            check_tree(v, f"{field}[{i}]", error)


def _make(error, message: str, field: str):
    try:
        return error(message, field=field)
    except TypeError:  # an exception class without a field
        return error(message)


def check_names(names, error=ValueError, field: str = "players") -> list[str]:
    """Player names that a board, a score line and ``--perspective NAME`` can tell apart:
    each has a visible character, and no two are the same (ignoring case and surrounding
    space). Else ``error`` naming ``players[i]``."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = str(name).strip().casefold()
        if not key:
            _raise(error, f"a player name must have a visible character, got {name!r}", f"{field}[{i}]")
        if key in seen:
            _raise(error, f"player names must differ: {name!r} is also {field}[{seen[key]}]", f"{field}[{i}]")
        seen[key] = i
    return list(names)


def _raise(error, message: str, field: str):
    try:
        raise error(message, field=field)
    except TypeError:  # an error class without a field
        raise error(f"{field}: {message}") from None

