"""Checks a JSON value against a generated TypedDict (or any annotation of lede.types): the result types the
client promises are the ones the server sends. Unknown keys count as mismatches, so new fields show up too."""

import typing
from typing import Any, Dict, List, Union

from lede import realtime_types, types

NAMESPACE: Dict[str, Any] = {**vars(types), **vars(realtime_types)}
OPEN_TYPES = set(types.OPEN_TYPES) | set(realtime_types.OPEN_TYPES)


def _is_typed_dict(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, dict) and hasattr(tp, "__annotations__") and hasattr(
        tp, "__total__"
    )


def mismatches(value: Any, tp: Any, path: str = "$") -> List[str]:
    """Every place where ``value`` does not fit ``tp``, as ``path: reason``; empty when it fits."""
    if isinstance(tp, typing.ForwardRef):
        tp = NAMESPACE[tp.__forward_arg__]
    if tp is Any:
        return []
    if tp is type(None) or tp is None:
        return [] if value is None else ["%s: expected null, got %r" % (path, _short(value))]
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is Union:
        for option in args:
            if not mismatches(value, option, path):
                return []
        return ["%s: %r fits none of %s" % (path, _short(value), tp)]
    if origin is typing.Literal:
        return [] if any(value == a and type(value) is type(a) for a in args) else [
            "%s: %r is not one of %s" % (path, _short(value), list(args))
        ]
    if origin in (list, List):
        if not isinstance(value, list):
            return ["%s: expected a list, got %r" % (path, _short(value))]
        out: List[str] = []
        for i, v in enumerate(value):
            out += mismatches(v, args[0], "%s[%d]" % (path, i))
            if len(out) > 5:
                break
        return out
    if origin is dict:
        if not isinstance(value, dict):
            return ["%s: expected an object, got %r" % (path, _short(value))]
        out = []
        for k, v in value.items():
            out += mismatches(v, args[1], "%s.%s" % (path, k))
        return out
    if _is_typed_dict(tp):
        if not isinstance(value, dict):
            return ["%s: expected %s, got %r" % (path, tp.__name__, _short(value))]
        hints = typing.get_type_hints(tp)
        out = []
        for key in tp.__required_keys__:
            if key not in value:
                out.append("%s: %s lacks required key %r" % (path, tp.__name__, key))
        for key, v in value.items():
            if key not in hints:
                if tp.__name__ in OPEN_TYPES:
                    continue
                out.append("%s: %s has no key %r" % (path, tp.__name__, key))
            else:
                out += mismatches(v, hints[key], "%s.%s" % (path, key))
        return out
    if tp is bool:
        return [] if isinstance(value, bool) else ["%s: expected a boolean, got %r" % (path, _short(value))]
    if tp is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else ["%s: expected an integer, got %r" % (path, _short(value))]
    if tp is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else ["%s: expected a number, got %r" % (path, _short(value))]
    if tp is str:
        return [] if isinstance(value, str) else ["%s: expected a string, got %r" % (path, _short(value))]
    raise TypeError("unsupported annotation %r at %s" % (tp, path))


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) < 80 else text[:77] + "..."
